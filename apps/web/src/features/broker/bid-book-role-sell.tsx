import type { sellToBid } from '@app/protocol/calls/bid-book';
import type { CallOutput } from '@app/protocol/contract';
import { formatPriceFen } from '@app/protocol/format';
import { type BrokerOrderStatus, brokerOrderStatusLabel } from '@app/protocol/statuses/broker-order-status';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';
import { useBidDepth } from '../../lib/queries/bid-depth';
import { dropRequestKey, requestKey } from '../../lib/request-key';
import { useSellToBid } from './api/bid-book-api';
import type { BookCoin } from './bid-book-form';
import { wholeWan, yuanToFen } from './bid-book-logic';
import { GroupRoleField, roleFields, useGroupRoles } from './bid-book-roles';
import { formatCoins } from './broker-logic';

type Sale = CallOutput<typeof sellToBid>;

/** What was sold: each fill a 卖出订单 (a paid broker order to the bid's role), its coins leaving my role now. */
function SaleResult({ sale, goldName }: { sale: Sale; goldName: string }) {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  return (
    <div className="bid-sale-result" data-testid="bid-role-sold">
      <p>
        已卖出 <b data-testid="bid-role-sold-quantity">{formatCoins(sale.sold)}</b>
        {goldName}，共 <b>{formatPriceFen(sale.amount)}</b>（买家确认收货后入账，扣除服务费）
      </p>
      <ul className="bid-mine">
        {sale.fills.map((f) => (
          <li key={f.orderId} className="bid-mine-row" data-testid="bid-role-fill">
            <span>
              {formatCoins(f.quantity)} × {formatPriceFen(f.unitPrice)}/万 = {formatPriceFen(f.amount)} ·{' '}
              {brokerOrderStatusLabel[f.status as BrokerOrderStatus] ?? ''}
            </span>
            <Link to={paths.brokerOrderDetail(scene, f.orderId, { sold: true })} data-testid="bid-role-fill-order">
              卖出订单
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * 卖给求购 for a player (the coin's detail page): one of my roles in the book's server group sells
 * coins into the buyers' bids, best price first down to the lowest price I take; the coins leave
 * the role at once, each fill a paid order I follow as 卖出订单.
 */
export function BidRoleSell({ coin }: { coin: BookCoin }) {
  const { roles, loading } = useGroupRoles(coin);
  const depth = useBidDepth(coin.appId, coin.serverId, coin.goldType);
  const sell = useSellToBid();
  const best = depth.data?.bids[0];
  const [role, setRole] = useState('');
  const [wan, setWan] = useState('');
  const [minYuan, setMinYuan] = useState<string | null>(null);
  const [problem, setProblem] = useState('');
  const [sale, setSale] = useState<Sale | null>(null);
  const minText = minYuan ?? (best ? (best.unitPrice / 100).toFixed(2) : '');
  // One key per sale: a double tap (or a resend) sells once.
  const saleKey = `bidRoleSaleKey:${coin.appId}:${coin.masterServerId}:${coin.goldType}`;
  const submit = () => {
    if (!role) return setProblem(roles.length ? '请选择出售角色' : '您在该服务器组没有游戏角色，无法出售');
    const quantity = wholeWan(wan);
    if (quantity === null) return setProblem('出售数量须为整万');
    const minPrice = yuanToFen(minText);
    if (minPrice === null) return setProblem('请输入最低售价（元/万，最多2位小数）');
    if (!best) return setProblem('当前没有求购');
    if (best.unitPrice < minPrice) return setProblem('当前没有不低于该价格的求购');
    setProblem('');
    sell.mutate(
      {
        applicationId: coin.appId,
        serverId: coin.serverId,
        goldType: coin.goldType,
        quantity,
        minPrice,
        ...roleFields(role),
        requestKey: requestKey(saleKey),
      },
      {
        onSuccess: (r) => {
          dropRequestKey(saleKey);
          setWan('');
          setSale(r);
        },
        onError: (e) => setProblem(e.message),
      },
    );
  };
  return (
    <div className="bid-form" data-testid="bid-role-sell">
      <p className="muted">
        最高求购{' '}
        <b className="bid-up" data-testid="bid-role-best">
          {best ? `${formatPriceFen(best.unitPrice)}/万 · ${formatCoins(best.quantity)}` : '暂无'}
        </b>
        ，从您的角色直接转给买家，按价格从高到低成交。
      </p>
      <GroupRoleField
        label="出售角色"
        roles={roles}
        value={role}
        onChange={setRole}
        placeholder="请选择出售角色"
        none={loading ? '加载中…' : '该服务器组暂无您的角色'}
        testId="bid-role-sell-role"
      />
      <label className="broker-field">
        <span>出售数量</span>
        <span className="broker-qty-input">
          <input
            inputMode="numeric"
            value={wan}
            onChange={(e) => setWan(e.target.value)}
            placeholder="整万"
            aria-label="出售数量（万）"
            data-testid="bid-role-sell-quantity"
          />
          <span>万{coin.goldName}</span>
        </span>
      </label>
      <label className="broker-field">
        <span>最低售价</span>
        <span className="broker-qty-input">
          <input
            inputMode="decimal"
            value={minText}
            onChange={(e) => setMinYuan(e.target.value)}
            placeholder="如 1.85"
            aria-label="最低售价（元/万）"
            data-testid="bid-role-sell-min"
          />
          <span>元/万</span>
        </span>
      </label>
      {problem ? (
        <p className="broker-problem" role="alert" data-testid="bid-role-sell-problem">
          {problem}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-primary merchant-submit"
        disabled={sell.isPending}
        onClick={submit}
        data-testid="bid-role-sell-submit"
      >
        {sell.isPending ? '提交中…' : '卖给求购'}
      </button>
      {sale ? <SaleResult sale={sale} goldName={coin.goldName} /> : null}
    </div>
  );
}
