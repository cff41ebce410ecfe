import type { BrokerOrder } from '@app/protocol/calls/broker-orders';
import { formatDateTime, formatPriceFen } from '@app/protocol/format';
import { BrokerOrderStatus } from '@app/protocol/statuses/broker-order-status';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { isPcPage, PageFrame } from '../../components/pc-page-frame';
import { RefundLines } from '../../components/refund-lines';
import { paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';
import { showModal, showToast } from '../../lib/ui-bus';
import { type BuyerAction, useBrokerOrder, useBuyerAction } from './api/broker-order-api';
import { formatCoins } from './broker-logic';
import { brokerOrderDeadline, brokerStatusHint, brokerStatusTone, buyerActions, tradeWait } from './broker-order-logic';
import { DeliveryPromise } from './delivery-promise';
import { LoginFirst, loggedIn } from './merchant-shared';
import { ServiceRating } from './service-rating';
import { TradeMeet } from './trade-delivery';
import './broker.css';

const time = (s: number | null) => (s ? formatDateTime(s * 1000) : '—');

/** The buyer's written request: refusing a receipt, or customer service on a trade never reported. */
const FORMS = {
  refuse: { label: '拒绝收货的原因', placeholder: '如：到账数量与订单不符', short: '请说明拒绝收货的原因' },
  service: {
    label: '需要客服处理的情况',
    placeholder: '如：商人开始交易后一直未在游戏中出现',
    short: '请说明需要客服处理的情况',
  },
} as const;

/** The lines of the order: what, how much, where to, when. */
function OrderFacts({ o }: { o: BrokerOrder }) {
  const lines: Array<[string, string]> = [
    ['订单编号', o.orderNo],
    ['商家', o.shopName],
    ['游戏', `${o.gameName} · ${o.serverName}`],
    ['币种', o.goldName],
    ['购买数量', `${formatCoins(o.quantity)}${o.goldName}`],
    ['单价', `${formatPriceFen(o.unitPrice)}/万`],
    ['收货角色', o.deliverTo.roleName || o.deliverTo.gameRoleId],
    ['下单时间', time(o.createTime)],
  ];
  if (o.payTime) lines.push(['付款时间', time(o.payTime)]);
  if (o.deliverBefore && !o.deliverTime) lines.push(['承诺发货', `${time(o.deliverBefore)} 前`]);
  if (o.deliverTime) lines.push(['发货时间', time(o.deliverTime)]);
  if (o.autoConfirmTime && o.status === BrokerOrderStatus.DELIVERED)
    lines.push(['自动确认', `${time(o.autoConfirmTime)}`]);
  return (
    <dl className="broker-order-facts">
      {lines.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A trade the merchant started: until when he reports it, that it passed, or that the buyer asked customer service. */
function TradeWait({ o }: { o: BrokerOrder }) {
  const wait = tradeWait(o, Date.now(), (s) => formatDateTime(s * 1000));
  if (!wait) return null;
  return (
    <span className={wait.asked ? 'broker-order-hint' : 'broker-order-hint muted'} data-testid="broker-trade-wait">
      {wait.line}
    </span>
  );
}

const CONFIRMS: Record<
  'cancel' | 'lateCancel' | 'confirm' | 'tradeConfirm',
  { title: string; content: string; button: string; done: string }
> = {
  cancel: { title: '取消订单', content: '确定取消该订单吗？', button: '确认取消', done: '订单已取消' },
  lateCancel: {
    title: '取消订单',
    content: '商人未在承诺时间内发货。取消后货款将全额原路退回（余额支付的部分退回余额），确定取消吗？',
    button: '确认取消',
    done: '订单已取消，货款将原路退回',
  },
  confirm: {
    title: '确认收货',
    content: '请先进入游戏确认游戏币已到账且数量无误。确认收货后货款将支付给商人。',
    button: '确认收货',
    done: '已确认收货',
  },
  tradeConfirm: {
    title: '确认收货',
    content: '请先进入游戏确认已与商人完成交易、游戏币数量无误。确认收货后货款将支付给商人。',
    button: '确认收货',
    done: '已确认收货',
  },
};

/** /{scene}/pages/broker/orderDetail?orderId=: one of my broker orders, its status and what I may do. */
export default function BrokerOrderDetailPage() {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const pc = isPcPage(scene);
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  // 卖出订单: the seller's view (a player who sold into a bid), without the buyer's actions.
  const sold = params.get('view') === 'sold';
  const signedIn = loggedIn();
  const order = useBrokerOrder(signedIn ? orderId : '', sold ? 2 : 1);
  const act = useBuyerAction();
  const [form, setForm] = useState<keyof typeof FORMS | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const o = order.data;
  const run = (action: BuyerAction, extra: { reason?: string } = {}, done = '') =>
    act.mutate(
      { orderId, action, ...extra },
      {
        onSuccess: () => {
          setForm(null);
          setProblem('');
          if (done) showToast(done);
        },
        onError: (e) => setProblem(e.message),
      },
    );
  const ask = (action: 'cancel' | 'confirm') => {
    const words =
      CONFIRMS[
        action === 'cancel' && o?.deliveryLate
          ? 'lateCancel'
          : action === 'confirm' && o?.delivery === 'trade'
            ? 'tradeConfirm'
            : action
      ];
    showModal({
      id: `broker-${action}`,
      title: words.title,
      content: words.content,
      buttons: [{ text: '再想想' }, { text: words.button, primary: true, onClick: () => run(action, {}, words.done) }],
    });
  };
  const body = !signedIn ? (
    <LoginFirst scene={scene} what="查看订单" />
  ) : order.isError ? (
    <EmptyState title={order.error.message || '订单不存在'} art="missing" />
  ) : !o ? (
    <div className="skeleton broker-skeleton broker-skeleton-300" />
  ) : (
    <>
      <section className={`broker-order-head t-${brokerStatusTone(o.status)}`} data-testid="broker-order-head">
        <b data-testid="broker-order-status">{o.statusLabel}</b>
        <span className="broker-order-hint">{brokerStatusHint(o.status, o.delivery)}</span>
        {o.note ? <span className="broker-order-hint">说明：{o.note}</span> : null}
        <DeliveryPromise o={o} />
        <TradeWait o={o} />
      </section>
      <RefundLines lines={o.refunds} />
      <section className="card broker-qty">
        <div className="broker-sum-line">
          <span>实付金额</span>
          <b className="broker-total" data-testid="broker-order-total">
            {formatPriceFen(o.totalAmount)}
          </b>
        </div>
        <OrderFacts o={o} />
        {o.receipt ? (
          <p className="muted broker-qty-hint" data-testid="broker-order-receipt">
            游戏发货记录：{time(o.receipt.at)} 转入 {o.receipt.toName ?? o.receipt.to}
            {o.receipt.amount === null ? '' : ` ${formatCoins(o.receipt.amount)}`}
            {o.receipt.verified ? '（游戏签名已验证）' : ''}
          </p>
        ) : null}
      </section>
      <TradeMeet
        o={o}
        chatPath={o.teamInfo.groupId ? paths.conversation(scene, { groupId: o.teamInfo.groupId }) : undefined}
      />
      <ServiceRating orderId={o.orderId} decided={o.csDecided} />
      {form ? (
        <section className="card broker-qty" data-testid={`broker-${form}`}>
          <label className="broker-field">
            <span>{FORMS[form].label}</span>
            <input
              value={reason}
              maxLength={200}
              placeholder={FORMS[form].placeholder}
              onChange={(e) => setReason(e.target.value)}
              data-testid={`broker-${form}-reason`}
            />
          </label>
          <div className="publish-actions">
            <button type="button" className="btn btn-ghost" onClick={() => setForm(null)}>
              取消
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={act.isPending}
              onClick={() => {
                if (reason.trim().length < 2) return setProblem(FORMS[form].short);
                run(form, { reason: reason.trim() }, '已提交，客服将介入处理');
              }}
              data-testid={`broker-${form}-submit`}
            >
              提交
            </button>
          </div>
        </section>
      ) : null}
      {problem ? (
        <p className="broker-problem" role="alert" data-testid="broker-order-problem">
          {problem}
        </p>
      ) : null}
      <div className="broker-order-actions">
        {o.teamInfo.groupId ? (
          <Link className="btn btn-ghost btn-sm" to={paths.conversation(scene, { groupId: o.teamInfo.groupId })}>
            {sold ? '联系买家' : '联系商人'}
          </Link>
        ) : null}
        {(sold ? [] : buyerActions(o.status, o.deliveryLate, o.tradeOverdue)).map((a) =>
          a === 'pay' ? (
            <Link
              key={a}
              className="btn btn-primary btn-sm"
              to={paths.cashier(scene, o.bizNo)}
              data-testid="broker-order-pay"
            >
              去支付
            </Link>
          ) : (
            <button
              key={a}
              type="button"
              className={`btn btn-sm ${a === 'confirm' ? 'btn-primary' : 'btn-ghost'}`}
              disabled={act.isPending}
              onClick={() =>
                a === 'cancel' || a === 'confirm'
                  ? ask(a)
                  : a === 'refuse' || a === 'service'
                    ? setForm(a)
                    : run('urge', {}, '已提醒商人尽快发货')
              }
              data-testid={`broker-order-${a}`}
            >
              {
                {
                  cancel: '取消订单',
                  urge: '提醒发货',
                  refuse: '拒绝收货',
                  confirm: '确认收货',
                  service: '申请客服介入',
                }[a]
              }
            </button>
          ),
        )}
      </div>
    </>
  );
  return (
    <PageFrame
      title="订单详情"
      nav={{ home: true, deadline: o ? brokerOrderDeadline(o) : null, onDeadline: () => void order.refetch() }}
    >
      <div className={pc ? 'broker-page broker-page-pc' : 'broker-page'} data-testid="broker-order-detail">
        {body}
      </div>
    </PageFrame>
  );
}
