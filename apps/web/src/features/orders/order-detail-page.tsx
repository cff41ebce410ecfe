import { formatDateTime, formatPriceFen } from '@app/protocol/format';
import { type PayChannel, payChannelLabel } from '@app/protocol/pay-channel';
import { OrderStatus } from '@app/protocol/statuses/order-status';
import { BadgeCheck } from 'lucide-react';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MobileLayout } from '../../components/mobile-layout';
import { HeadingOptions, type NavOptions } from '../../components/nav-bar';
import { PcLayout } from '../../components/pc-layout';
import { isPcPage } from '../../components/pc-page-frame';
import { RefundLines } from '../../components/refund-lines';
import { paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';
import { showModal, showToast } from '../../lib/ui-bus';
import { useOrder } from './api/get-order';
import { useOrderAction } from './api/order-action';
import { orderDeadline } from './order-deadline';
import { RefusalSheet } from './refusal-sheet';
import { useCountdown } from './use-countdown';
import './orders.css';

const when = (s: number | null) => (s ? formatDateTime(s * 1000) : '');

/** What the order page shows of customer service (the support domain, passed in by app/pages). */
export interface OrderSupportSlotProps {
  scene: string;
  orderId: string;
  status: number;
  pc?: boolean;
}
/** 催发货 (buyer, paid) and 提醒收货 (seller, delivered), from the support domain. */
export interface UrgeSlotProps {
  orderId: string;
  kind: 'delivery' | 'receipt';
  className?: string;
}

/** 订单详情 with 返回首页 and, while the order has one, its deadline beside the title. */
function Layout({ scene, nav, children }: { scene: string; nav?: NavOptions; children: ReactNode }) {
  if (isPcPage(scene))
    return (
      <PcLayout scene={scene} title="订单详情">
        <h1 className="pc-page-heading">
          订单详情
          <HeadingOptions nav={nav} />
        </h1>
        <div className="order-pc">{children}</div>
      </PcLayout>
    );
  return (
    <MobileLayout title="订单详情" nav={{ home: true, ...nav }}>
      {children}
    </MobileLayout>
  );
}

/**
 * /{scene}/pages/orderNew/orderDetail/orderDetail?orderId=…: the order for the buyer or the
 * seller: status, countdown, what was paid, the game's delivery receipt, and what can be done now
 * (pay, cancel after a confirm, urge, confirm receipt, or refuse it with a reason and evidence).
 * Customer service (联系客服, its progress, the rating) and the urges come from the support domain
 * as `Support` and `Urge`. Back from a third-party cashier (paid=1) it asks again 2 s later, and
 * keeps asking while the order waits for the payment or the game.
 */
export default function OrderDetailPage({
  Support,
  Urge,
}: {
  Support?: ComponentType<OrderSupportSlotProps>;
  Urge?: ComponentType<UrgeSlotProps>;
} = {}) {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const pc = scene === 'web' || scene === 'webpc' || scene === 'h5pc';
  const [refusing, setRefusing] = useState(false);
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  const [waiting, setWaiting] = useState(params.get('paid') === '1');
  useEffect(() => {
    if (!waiting) return;
    const t = setTimeout(() => setWaiting(false), 2000);
    return () => clearTimeout(t);
  }, [waiting]);
  const order = useOrder(orderId, 3000);
  const act = useOrderAction(orderId);
  const o = order.data;
  const countdown = useCountdown(o?.status === OrderStatus.AWAITING_PAYMENT ? o.expireTime : null);
  if (!o || waiting)
    return (
      <Layout scene={scene}>
        <div className="card order-box" style={{ textAlign: 'center' }}>
          {waiting ? '正在确认支付结果…' : ''}
        </div>
      </Layout>
    );
  const buyer = o.role === 'buyer';
  // The deadline passed: the server says what became of the order (支付超时, 交易成功).
  const nav = { deadline: orderDeadline(o), onDeadline: () => void order.refetch() };
  return (
    <Layout scene={scene} nav={nav}>
      <div className="card order-box order-status-box" data-testid="order-detail">
        <div className="order-status" data-testid="order-status">
          {o.statusLabel}
        </div>
        {o.status === OrderStatus.AWAITING_PAYMENT ? <div className="muted">剩余支付时间 {countdown}</div> : null}
        {o.status === OrderStatus.AWAITING_RECEIPT && o.autoConfirmTime ? (
          <div className="muted">{when(o.autoConfirmTime)} 前未确认将自动确认收货</div>
        ) : null}
        {o.status === OrderStatus.PENDING_SETTLEMENT && o.settleTime && !buyer ? (
          <div className="muted">{when(o.settleTime)} 到账</div>
        ) : null}
        {o.note ? <div className="order-note">{o.note}</div> : null}
      </div>
      <RefundLines lines={o.refunds} className="card order-box" />
      <div className="card order-box">
        <div className="order-goods">
          <img src={o.firstImg} alt="" width={64} height={64} />
          <div>
            <div className="order-title">{o.title}</div>
            <div className="muted">
              {o.gameName} · {o.serverName}
            </div>
          </div>
        </div>
        <div className="order-line">
          <span>订单号</span>
          <span>{o.orderNo}</span>
        </div>
        <div className="order-line">
          <span>下单时间</span>
          <span>{when(o.createTime)}</span>
        </div>
        <div className="order-line">
          <span>商品价格</span>
          <span>{formatPriceFen(o.price)}</span>
        </div>
        {o.depositAmount > 0 ? (
          <div className="order-line" data-testid="order-deposit">
            <span>保证金抵扣</span>
            <span>-{formatPriceFen(o.depositAmount)}</span>
          </div>
        ) : null}
        {o.couponAmount ? (
          <div className="order-line">
            <span>优惠券</span>
            <span>-{formatPriceFen(o.couponAmount)}</span>
          </div>
        ) : null}
        <div className="order-line">
          <span>{buyer ? '实付' : '买家实付'}</span>
          <span>{formatPriceFen(o.totalAmount)}</span>
        </div>
        {o.payChannel ? (
          <div className="order-line">
            <span>支付方式</span>
            <span>{payChannelLabel[o.payChannel as PayChannel]}</span>
          </div>
        ) : null}
        {!buyer ? (
          <div className="order-line">
            <span>您将收到</span>
            <span className="price">{formatPriceFen(o.sellerReceive)}</span>
          </div>
        ) : null}
      </div>
      {o.receipt ? (
        <div className="card order-box" data-testid="order-receipt">
          <div className="order-row-title">交付凭证（游戏签发）</div>
          <div className="order-line">
            <span>交付内容</span>
            <span>
              {o.receipt.kind === 'role'
                ? '角色'
                : o.receipt.kind === 'coins'
                  ? `${o.receipt.coinType} ×${o.receipt.amount}`
                  : `道具 ${o.receipt.itemIds?.length ?? 0} 件`}
            </span>
          </div>
          <div className="order-line">
            <span>接收方</span>
            <span>{o.receipt.kind === 'role' ? '您的游戏账号' : (o.receipt.toName ?? '您的角色')}</span>
          </div>
          <div className="order-line">
            <span>交付时间</span>
            <span>{when(o.receipt.at)}</span>
          </div>
          <div className="order-line">
            <span>签名</span>
            <span>
              {o.receipt.verified ? (
                <>
                  <BadgeCheck size="1em" aria-hidden="true" /> 已验证
                </>
              ) : (
                '未验证'
              )}
            </span>
          </div>
        </div>
      ) : null}
      {Support ? <Support scene={scene} orderId={o.orderId} status={o.status} pc={pc} /> : null}
      <div className="order-action-bar">
        <div className="order-actions">
          <Link
            className="btn btn-ghost btn-block"
            to={paths.conversation(scene, { orderId: o.orderId })}
            data-testid="order-chat"
          >
            {buyer ? '联系卖家' : '联系买家'}
          </Link>
          {Urge && buyer && o.status === OrderStatus.PAID ? <Urge orderId={o.orderId} kind="delivery" /> : null}
          {Urge && !buyer && o.status === OrderStatus.AWAITING_RECEIPT ? (
            <Urge orderId={o.orderId} kind="receipt" />
          ) : null}
        </div>
        <div className="order-actions">
          {buyer && o.status === OrderStatus.AWAITING_PAYMENT ? (
            <>
              <button
                type="button"
                className="btn btn-ghost btn-block"
                disabled={act.isPending}
                onClick={() =>
                  showModal({
                    id: 'cancel-confirm',
                    title: '取消订单',
                    content: '确定取消该订单吗？取消后商品将重新上架，可能被其他买家购买。',
                    buttons: [
                      { text: '再想想' },
                      { text: '确认取消', primary: true, onClick: () => act.mutate({ action: 'cancel' }) },
                    ],
                  })
                }
                data-testid="order-cancel"
              >
                取消订单
              </button>
              <Link
                className="btn btn-primary btn-block"
                to={paths.cashier(scene, o.orderId)}
                data-testid="order-pay-now"
              >
                去支付
              </Link>
            </>
          ) : null}
          {buyer && o.status === OrderStatus.AWAITING_RECEIPT ? (
            <>
              <button
                type="button"
                className="btn btn-ghost btn-block"
                disabled={act.isPending}
                onClick={() => setRefusing(true)}
                data-testid="order-reject"
              >
                拒绝收货
              </button>
              <button
                type="button"
                className="btn btn-primary btn-block"
                disabled={act.isPending}
                onClick={() =>
                  showModal({
                    title: '确认收货',
                    content: '请确认已在游戏中收到商品。确认后款项将转给卖家。',
                    buttons: [
                      { text: '取消' },
                      { text: '确认收货', primary: true, onClick: () => act.mutate({ action: 'confirm' }) },
                    ],
                  })
                }
                data-testid="order-confirm-receipt"
              >
                确认收货
              </button>
            </>
          ) : null}
        </div>
      </div>
      {refusing && o.status === OrderStatus.AWAITING_RECEIPT ? (
        <RefusalSheet
          pc={pc}
          pending={act.isPending}
          onClose={() => setRefusing(false)}
          onRefuse={(input) =>
            act.mutate(
              { action: 'reject', ...input },
              {
                onSuccess: () => {
                  setRefusing(false);
                  showToast('已拒绝收货，客服将介入处理');
                },
              },
            )
          }
        />
      ) : null}
    </Layout>
  );
}
