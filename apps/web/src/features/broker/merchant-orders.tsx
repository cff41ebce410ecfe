import { brokerDeliveryLabel } from '@app/protocol/calls/broker';
import type { BrokerOrder } from '@app/protocol/calls/broker-orders';
import { formatDateTime, formatPriceFen } from '@app/protocol/format';
import { BrokerOrderStatus } from '@app/protocol/statuses/broker-order-status';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { useDeliveryTargets } from '../../lib/delivery-targets';
import { paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';
import { showToast } from '../../lib/ui-bus';
import { useBrokerServers } from './api/broker-api';
import {
  type MerchantAction,
  useMerchantAction,
  useMerchantOrders,
  useMerchantOrderTabs,
} from './api/broker-order-api';
import { formatCoins } from './broker-logic';
import { brokerStatusTone, merchantActions } from './broker-order-logic';
import { BrokerPager } from './broker-pager';
import { ServiceRating } from './service-rating';
import { TradeMeet, TradeReportForm } from './trade-delivery';
import './broker.css';

const ACTION_WORDS: Record<'engaged' | 'deliver' | 'refresh' | 'report' | 'urge', string> = {
  engaged: '已沟通',
  deliver: '发货',
  refresh: '刷新发货结果',
  report: '我已交易',
  urge: '提醒收货',
};
const DONE: Partial<Record<MerchantAction, string>> = {
  engaged: '已标记为已沟通',
  deliver: '已提交发货，游戏正在转入金币',
  refresh: '已刷新',
  report: '已报告交易完成，等待买家确认收货',
  urge: '已提醒买家确认收货',
};

/** One order of my listings: the buyer's role, what and how much, my share, the promise, and my next step. */
function MerchantOrderRow({ o, appId }: { o: BrokerOrder; appId: string }) {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const navigate = useNavigate();
  const act = useMerchantAction();
  const [delivering, setDelivering] = useState(false);
  const [reporting, setReporting] = useState(false);
  const trade = o.delivery === 'trade';
  const [role, setRole] = useState('');
  const [problem, setProblem] = useState('');
  const targets = useDeliveryTargets(appId, delivering);
  const servers = useBrokerServers(appId);
  const masterOf = (serverId: string) => servers.data?.list.find((s) => s.serverId === serverId)?.masterServerId;
  const group = masterOf(o.serverId);
  const roles = (targets.data?.roles ?? []).filter((r) => group && masterOf(r.serverId) === group);
  const run = (
    action: MerchantAction,
    extra: { gameAccountId?: string; gameRoleId?: string; note?: string; images?: string[] } = {},
  ) =>
    act.mutate(
      { orderId: o.orderId, action, ...extra },
      {
        onSuccess: (answer) => {
          setProblem('');
          setDelivering(false);
          setReporting(false);
          if (action === 'deliver' && trade) showToast('已开始交易，请按约定进入游戏与买家交易');
          else if (action === 'chat') {
            if (answer.groupId) navigate(paths.conversation(scene, { groupId: answer.groupId }));
            else showToast('买家付款后即可与买家沟通');
          } else if (DONE[action]) showToast(DONE[action]);
        },
        onError: (e) => setProblem(e.message),
      },
    );
  return (
    <article className="card my-listing" data-testid="merchant-order" data-order-id={o.orderId}>
      <div className="my-listing-top">
        <span className="muted">订单号 {o.orderNo}</span>
        <span className={`broker-order-status t-${brokerStatusTone(o.status)}`} data-testid="merchant-order-status">
          {o.statusLabel}
        </span>
      </div>
      <dl className="my-listing-facts">
        <div>
          <dt>商品</dt>
          <dd>
            {o.serverName} · {formatCoins(o.quantity)}
            {o.goldName}
          </dd>
        </div>
        <div>
          <dt>收货角色</dt>
          <dd>{o.deliverTo.roleName || o.deliverTo.gameRoleId}</dd>
        </div>
        <div>
          <dt>交付方式</dt>
          <dd data-testid="merchant-order-delivery">{brokerDeliveryLabel[o.delivery]}</dd>
        </div>
        <div>
          <dt>订单金额</dt>
          <dd className="broker-price-sm">{formatPriceFen(o.totalAmount)}</dd>
        </div>
        <div>
          <dt>预计到手</dt>
          <dd>{formatPriceFen(o.merchantReceive)}</dd>
        </div>
        <div>
          <dt>{o.deliverTime ? '发货时间' : '须发货于'}</dt>
          <dd>
            {o.deliverTime
              ? formatDateTime(o.deliverTime * 1000)
              : o.deliverBefore
                ? formatDateTime(o.deliverBefore * 1000)
                : '—'}
            {o.deliveryLate ? (
              <span className="broker-late" data-testid="merchant-order-late">
                已超时，买家可取消订单
              </span>
            ) : null}
          </dd>
        </div>
      </dl>
      {delivering ? (
        <div className="stock-edit merchant-deliver">
          <select
            className="merchant-deliver-select"
            value={role}
            onChange={(e) => setRole(e.target.value)}
            data-testid="merchant-deliver-role"
          >
            <option value="">
              {roles.length
                ? trade
                  ? '选择交易角色（与买家面交）'
                  : '选择发货角色（库存角色）'
                : '同服务器组内暂无您的角色'}
            </option>
            {roles.map((r) => (
              <option key={`${r.accountId}|${r.roleId}`} value={`${r.accountId}|${r.roleId}`}>
                {r.roleName}（{r.level}级）
              </option>
            ))}
          </select>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={act.isPending}
            onClick={() => {
              const [gameAccountId = '', gameRoleId = ''] = role.split('|');
              if (!gameRoleId) return setProblem('请选择发货角色');
              run('deliver', { gameAccountId, gameRoleId });
            }}
            data-testid="merchant-deliver-submit"
          >
            {trade ? '开始交易' : '确认发货'}
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setDelivering(false)}>
            取消
          </button>
        </div>
      ) : null}
      {trade ? <TradeMeet o={o} /> : null}
      {reporting ? (
        <TradeReportForm
          pending={act.isPending}
          onReport={(report) => run('report', report)}
          onClose={() => setReporting(false)}
        />
      ) : null}
      {o.csDecided ? <ServiceRating orderId={o.orderId} decided /> : null}
      {problem ? (
        <p className="broker-problem" role="alert" data-testid="merchant-order-problem">
          {problem}
        </p>
      ) : null}
      <div className="my-listing-foot">
        <span className="muted">下单于 {formatDateTime(o.createTime * 1000)}</span>
        <span className="my-listing-actions">
          {o.status > BrokerOrderStatus.AWAITING_PAYMENT ? (
            <button type="button" className="btn btn-ghost btn-sm" disabled={act.isPending} onClick={() => run('chat')}>
              联系买家
            </button>
          ) : null}
          {(delivering || reporting ? [] : merchantActions(o.status, o.delivery)).map((a) => (
            <button
              key={a}
              type="button"
              className={`btn btn-sm ${a === 'deliver' || a === 'report' ? 'btn-primary' : 'btn-ghost'}`}
              disabled={act.isPending}
              onClick={() => (a === 'deliver' ? setDelivering(true) : a === 'report' ? setReporting(true) : run(a))}
              data-testid={`merchant-order-${a}`}
            >
              {ACTION_WORDS[a]}
            </button>
          ))}
        </span>
      </div>
    </article>
  );
}

/** 订单管理: the orders of my listings in a game by status, each with its next step. */
export function MerchantOrders({ appId }: { appId: string }) {
  const [params, setParams] = useSearchParams();
  const statusText = params.get('orderStatus');
  const status = statusText ? Number(statusText) : undefined;
  const page = Math.max(1, Number(params.get('orderPage')) || 1);
  const tabs = useMerchantOrderTabs(appId, true);
  const orders = useMerchantOrders(appId, status, page, true);
  const go = (next: { status?: number | undefined; page?: number }) => {
    const q = new URLSearchParams(params);
    const s = 'status' in next ? next.status : status;
    if (s === undefined) q.delete('orderStatus');
    else q.set('orderStatus', String(s));
    if (next.page && next.page > 1) q.set('orderPage', String(next.page));
    else q.delete('orderPage');
    setParams(q, { replace: true });
  };
  const shown = (tabs.data?.list ?? []).filter((t) => t.count > 0 || t.status === status);
  const list = orders.data?.list ?? [];
  return (
    <>
      <div className="broker-chips">
        <button
          type="button"
          className={`broker-chip${status === undefined ? ' on' : ''}`}
          aria-pressed={status === undefined}
          onClick={() => go({ status: undefined })}
        >
          全部
        </button>
        {shown.map((t) => (
          <button
            key={t.status}
            type="button"
            className={`broker-chip${status === t.status ? ' on' : ''}`}
            aria-pressed={status === t.status}
            onClick={() => go({ status: t.status })}
          >
            {t.statusLabel} {t.count}
          </button>
        ))}
      </div>
      {orders.isPending ? (
        <div className="skeleton broker-skeleton broker-skeleton-140" />
      ) : orders.isError ? (
        <EmptyState title={orders.error.message} art="error" />
      ) : list.length === 0 ? (
        <EmptyState title="暂无订单" hint="买家下单付款后，订单会出现在这里，请在承诺时效内发货" />
      ) : (
        <div className="my-listings" data-testid="merchant-orders">
          {list.map((o) => (
            <MerchantOrderRow key={o.orderId} o={o} appId={appId} />
          ))}
        </div>
      )}
      <BrokerPager page={page} hasMore={Boolean(orders.data?.hasMore)} go={(p) => go({ page: p })} />
    </>
  );
}
