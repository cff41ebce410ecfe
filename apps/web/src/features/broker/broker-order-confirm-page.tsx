import { formatPriceFen } from '@app/protocol/format';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AgreementLink } from '../../components/agreement-modal';
import { EmptyState } from '../../components/empty-state';
import { isPcPage, PageFrame } from '../../components/pc-page-frame';
import { useDeliveryTargets } from '../../lib/delivery-targets';
import { paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';
import { dropRequestKey, requestKey } from '../../lib/request-key';
import { useBrokerListing, useBrokerServers } from './api/broker-api';
import { usePlaceBrokerOrder } from './api/broker-order-api';
import { coinsToWan, deliverText, formatCoins, orderTotal, quantityProblem, wanToCoins } from './broker-logic';
import { LoginFirst, loggedIn } from './merchant-shared';
import './broker.css';

const orderKey = (commodityId: string) => `brokerOrderKey:${commodityId}`;

/**
 * /{scene}/pages/broker/orderConfirm?commodityId=&quantity=: the quantity, the role that receives the
 * coins (one of mine in the listing's server's master group), the total; then the cashier (bizNo B…).
 */
export default function BrokerOrderConfirmPage() {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const pc = isPcPage(scene);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const commodityId = params.get('commodityId') ?? '';
  const listing = useBrokerListing(commodityId);
  const l = listing.data;
  const signedIn = loggedIn();
  const targets = useDeliveryTargets(l?.applicationId ?? '', signedIn && Boolean(l));
  const servers = useBrokerServers(l?.applicationId ?? '');
  const place = usePlaceBrokerOrder();
  const [typed, setTyped] = useState(() => {
    const q = Number(params.get('quantity'));
    return Number.isInteger(q) && q > 0 ? coinsToWan(q) : '';
  });
  const [role, setRole] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [problem, setProblem] = useState('');

  const frame = (body: React.ReactNode) => (
    <PageFrame title="确认订单">
      <div className={pc ? 'broker-page broker-page-pc' : 'broker-page'} data-testid="broker-order-confirm">
        {body}
      </div>
    </PageFrame>
  );
  if (!signedIn) return frame(<LoginFirst scene={scene} what="下单" />);
  if (listing.isError) return frame(<EmptyState title={listing.error.message || '商品不存在'} art="missing" />);
  if (!l) return frame(<div className="skeleton broker-skeleton broker-skeleton-280" />);

  // A role receives when its server is in the listing's master group.
  const group = new Set(
    (servers.data?.list ?? []).filter((s) => s.masterServerId === l.masterServerId).map((s) => s.serverId),
  );
  const roles = (targets.data?.roles ?? []).filter((r) => group.has(r.serverId));
  const serverName = (id: string) => servers.data?.list.find((s) => s.serverId === id)?.serverName ?? '';
  const coins = wanToCoins(typed || coinsToWan(l.minPerOrder));
  const quantityIssue = quantityProblem(coins, l);
  const total = quantityIssue ? null : orderTotal(coins, l.unitPrice);
  const submit = () => {
    if (quantityIssue || coins === null) return setProblem(quantityIssue ?? '请输入购买数量');
    const [gameAccountId = '', gameRoleId = ''] = role.split('|');
    if (!gameRoleId) return setProblem('请选择收货角色');
    if (!agreed) return setProblem('请先阅读并同意交易规则');
    setProblem('');
    place.mutate(
      { commodityId, quantity: coins, gameAccountId, gameRoleId, requestKey: requestKey(orderKey(commodityId)) },
      {
        onSuccess: (order) => {
          dropRequestKey(orderKey(commodityId));
          navigate(paths.cashier(scene, order.bizNo), { replace: true });
        },
        onError: (e) => setProblem(e.message),
      },
    );
  };
  return frame(
    <>
      <section className="card broker-detail-head">
        <div className="broker-shop">
          <span className="broker-shop-mark" aria-hidden="true">
            {l.shopName.slice(0, 1)}
          </span>
          <b>{l.shopName}</b>
          <span className="broker-badge">认证商人</span>
        </div>
        <div className="broker-detail-title">
          {l.serverName} · {l.goldName}
          <span className="broker-price-sm">{formatPriceFen(l.unitPrice)}/万</span>
        </div>
        <p className="muted broker-detail-terms">
          {deliverText(l.deliverMinutes)} · 单笔 {formatCoins(l.minPerOrder)}–{formatCoins(l.maxPerOrder)} · 库存{' '}
          {formatCoins(l.stock)}
        </p>
      </section>
      <section className="card broker-qty">
        <label className="broker-field">
          <span>购买数量</span>
          <span className="broker-qty-input">
            <input
              inputMode="decimal"
              value={typed || coinsToWan(l.minPerOrder)}
              onChange={(e) => setTyped(e.target.value)}
              aria-label="购买数量（万）"
              data-testid="order-quantity"
            />
            <span>万{l.goldName}</span>
          </span>
        </label>
        <label className="broker-field">
          <span>收货角色</span>
          <select value={role} onChange={(e) => setRole(e.target.value)} data-testid="order-role">
            <option value="">{roles.length ? '请选择收货角色' : '暂无可收货的角色'}</option>
            {roles.map((r) => (
              <option key={`${r.accountId}|${r.roleId}`} value={`${r.accountId}|${r.roleId}`}>
                {r.roleName}（{serverName(r.serverId) || r.serverId} · {r.level}级）
              </option>
            ))}
          </select>
        </label>
        {targets.isSuccess && roles.length === 0 ? (
          <p className="muted broker-qty-hint" data-testid="order-no-role">
            收货角色须在「{l.serverName}」所在的服务器组。请先从游戏内打开交易平台登录一次，绑定您的游戏账号。
          </p>
        ) : null}
        <div className="order-sum">
          <div className="broker-sum-line">
            <span>单价</span>
            <span>{formatPriceFen(l.unitPrice)}/万</span>
          </div>
          <div className="broker-sum-line">
            <span>数量</span>
            <span>{coins ? `${formatCoins(coins)}${l.goldName}` : '--'}</span>
          </div>
          <div className="broker-sum-line">
            <span>应付</span>
            <b className="broker-total" data-testid="order-total">
              {total === null ? '--' : formatPriceFen(total)}
            </b>
          </div>
        </div>
        <label className="merchant-agree">
          <input
            type="checkbox"
            checked={agreed}
            onChange={(e) => setAgreed(e.target.checked)}
            data-testid="order-agree"
          />
          我已阅读并同意
          <AgreementLink agreementKey="tradingRules" testId="order-rules">
            《交易规则》
          </AgreementLink>
        </label>
        {problem || quantityIssue ? (
          <p className="broker-problem" role="alert" data-testid="order-problem">
            {problem || quantityIssue}
          </p>
        ) : null}
        <button
          type="button"
          className="btn btn-primary merchant-submit"
          disabled={place.isPending}
          onClick={submit}
          data-testid="order-submit"
        >
          {place.isPending ? '提交中…' : `提交订单${total === null ? '' : ` ${formatPriceFen(total)}`}`}
        </button>
        <p className="muted broker-qty-hint">下单后请在15分钟内完成支付，超时订单将自动取消。</p>
      </section>
      <Link className="link-button" to={paths.brokerDetail(scene, l.commodityId)}>
        返回商品详情
      </Link>
    </>,
  );
}
