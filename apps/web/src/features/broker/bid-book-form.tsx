import { BID_MAX_DAYS } from '@app/protocol/calls/bid-book';
import { formatPriceFen } from '@app/protocol/format';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';
import { useBidDepth, useCheapestBrokerListing } from '../../lib/queries/bid-depth';
import { useBrokerConfig } from '../../lib/queries/broker-config';
import { dropRequestKey, requestKey } from '../../lib/request-key';
import { rememberReturn } from '../../lib/return-path';
import { showToast } from '../../lib/ui-bus';
import { usePostBid } from './api/bid-book-api';
import { BID_DAYS, bidHold, checkBid, wholeWan, yuanToFen } from './bid-book-logic';
import { GroupRoleField, roleFields, useGroupRoles } from './bid-book-roles';
import { formatCoins } from './broker-logic';

export interface BookCoin {
  appId: string;
  serverId: string;
  serverName: string;
  masterServerId: string;
  goldType: number;
  goldName: string;
}

const bidKey = (c: BookCoin) => `bidKey:${c.appId}:${c.serverId}:${c.goldType}`;

/**
 * 挂单求购: a price per 万, a quantity in whole 万, how long it stands, the role that receives (one
 * of mine in the server's master group); the money it needs is held on my balance until it fills.
 */
export function BidPostForm({ coin }: { coin: BookCoin }) {
  const config = useBrokerConfig(coin.appId);
  const { roles } = useGroupRoles(coin);
  const post = usePostBid();
  const navigate = useNavigate();
  const [priceYuan, setPrice] = useState('');
  const [wan, setWan] = useState('');
  const [days, setDays] = useState<number>(3);
  const [role, setRole] = useState('');
  const [problem, setProblem] = useState('');
  // Refused for want of balance: for that same bid the buyer may pay the difference at the cashier instead.
  const [shortFor, setShortFor] = useState('');
  const draft = `${priceYuan}|${wan}|${role}`;
  const short = shortFor === draft;

  const unitPrice = yuanToFen(priceYuan);
  const quantity = wholeWan(wan);
  const hold = unitPrice && quantity ? bidHold(quantity, unitPrice) : null;
  // A bid at or above what merchants already sell for pays more than buying outright: say so before it is posted.
  const cheapest = useBidDepth(coin.appId, coin.serverId, coin.goldType).data?.asks[0];
  const dearer = unitPrice && cheapest && unitPrice >= cheapest.unitPrice ? cheapest : null;
  const cheapestListing = useCheapestBrokerListing(coin.appId, coin.serverId, coin.goldType, dearer !== null).data;
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const submit = (payShortfall = false) => {
    const bounds = config.data ?? { minQuantity: 10_000, maxQuantity: 100_000_000 };
    const checked = checkBid({ priceYuan, wan, role }, bounds);
    if (!checked.ok) return setProblem(checked.problem);
    const { gameAccountId, gameRoleId } = roleFields(role);
    setProblem('');
    setShortFor('');
    post.mutate(
      {
        applicationId: coin.appId,
        serverId: coin.serverId,
        goldType: coin.goldType,
        unitPrice: checked.unitPrice,
        quantity: checked.quantity,
        expireTime: Math.floor(Date.now() / 1000) + Math.min(days, BID_MAX_DAYS) * 86_400,
        gameAccountId,
        gameRoleId,
        requestKey: requestKey(bidKey(coin)),
        // Asked for: the balance short, the missing money is paid at the cashier, the bid stands once paid.
        payShortfall,
      },
      {
        onSuccess: (bid) => {
          dropRequestKey(bidKey(coin));
          setWan('');
          if (bid.funding) {
            showToast(`请在15分钟内支付差额${formatPriceFen(bid.funding.amount)}`, 3000);
            rememberReturn(bid.funding.payBizNo);
            navigate(paths.cashier(scene, bid.funding.payBizNo));
          } else showToast(`求购已挂出，已冻结${formatPriceFen(bid.reservedAmount)}`);
        },
        onError: (e) => {
          setProblem(e.message);
          setShortFor(e.message.startsWith('余额不足') ? draft : '');
        },
      },
    );
  };
  return (
    <div className="bid-form" data-testid="bid-form">
      <label className="broker-field">
        <span>求购单价</span>
        <span className="broker-qty-input">
          <input
            inputMode="decimal"
            value={priceYuan}
            onChange={(e) => setPrice(e.target.value)}
            placeholder="如 1.85"
            aria-label="求购单价（元/万）"
            data-testid="bid-price"
          />
          <span>元/万</span>
        </span>
      </label>
      <label className="broker-field">
        <span>求购数量</span>
        <span className="broker-qty-input">
          <input
            inputMode="numeric"
            value={wan}
            onChange={(e) => setWan(e.target.value)}
            placeholder="整万"
            aria-label="求购数量（万）"
            data-testid="bid-quantity"
          />
          <span>万{coin.goldName}</span>
        </span>
      </label>
      <div className="broker-field">
        <span>有效期</span>
        <span className="broker-chips">
          {BID_DAYS.map((d) => (
            <button
              key={d}
              type="button"
              className={`broker-chip${days === d ? ' on' : ''}`}
              onClick={() => setDays(d)}
              data-testid={`bid-days-${d}`}
            >
              {d}天
            </button>
          ))}
        </span>
      </div>
      <GroupRoleField
        label="收货角色"
        roles={roles}
        value={role}
        onChange={setRole}
        placeholder="请选择收货角色"
        none="暂无可收货的角色"
        testId="bid-role"
      />
      <p className="muted bid-form-hint">
        {hold && quantity
          ? `将冻结余额 ${formatPriceFen(hold)}（${formatCoins(quantity)}${coin.goldName}），成交时支付，撤销或过期退回。`
          : `须与「${coin.serverName}」同一服务器组；挂单时按单价×数量冻结余额。`}
      </p>
      {dearer ? (
        <p className="bid-form-dearer" role="status" data-testid="bid-dearer">
          已有商人以 {formatPriceFen(dearer.unitPrice)}/万 在售 {formatCoins(dearer.quantity)}
          {coin.goldName}，不高于您的出价：直接购买更划算，也无需冻结余额等待成交。
          {cheapestListing ? (
            <Link to={paths.brokerDetail(scene, cheapestListing.commodityId)} data-testid="bid-dearer-buy">
              去购买 ›
            </Link>
          ) : null}
        </p>
      ) : null}
      {problem ? (
        <p className="broker-problem" role="alert" data-testid="bid-problem">
          {problem}
        </p>
      ) : null}
      {short ? (
        <button
          type="button"
          className="btn btn-primary merchant-submit"
          disabled={post.isPending}
          onClick={() => submit(true)}
          data-testid="bid-pay-shortfall"
        >
          支付差额并挂单（15分钟内支付）
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-primary merchant-submit"
          disabled={post.isPending}
          onClick={() => submit()}
          data-testid="bid-submit"
        >
          {post.isPending ? '提交中…' : '挂单求购'}
        </button>
      )}
    </div>
  );
}
