import type { CoinBid } from '@app/protocol/calls/bid-book';
import { formatDateTime, formatPriceFen } from '@app/protocol/format';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';
import { rememberReturn } from '../../lib/return-path';
import { showModal, showToast } from '../../lib/ui-bus';
import { useCancelBid, useMyBids } from './api/bid-book-api';
import { formatCoins } from './broker-logic';
import './broker.css';

function BidRow({ bid }: { bid: CoinBid }) {
  const cancel = useCancelBid();
  const ask = () =>
    showModal({
      id: 'bid-cancel',
      title: '撤销求购',
      content: bid.funding
        ? '求购尚未付款，撤销后已冻结的余额将退回。'
        : `未成交的${formatCoins(bid.quantity - bid.filledQuantity)}${bid.goldName}对应的冻结金额将退回余额。`,
      buttons: [
        { text: '再想想' },
        {
          text: '确认撤销',
          primary: true,
          onClick: () =>
            cancel.mutate(bid.bidId, {
              onSuccess: (b) => showToast(`已撤销，${formatPriceFen(b.releasedAmount)}已退回余额`),
              onError: (e) => showToast(e.message, 3000),
            }),
        },
      ],
    });
  return (
    <li className="bid-mine-row" data-testid="my-bid" data-bid-id={bid.bidId} data-status={bid.status}>
      <div>
        <b>
          {formatPriceFen(bid.unitPrice)}/万 · {formatCoins(bid.quantity)}
          {bid.goldName}
        </b>
        <span className={`bid-status s-${bid.status}`} data-testid="my-bid-status">
          {bid.statusLabel}
        </span>
      </div>
      {bid.funding ? (
        <div className="muted bid-mine-facts" data-testid="my-bid-funding">
          待支付 {formatPriceFen(bid.funding.amount)}（余额已冻结{' '}
          {formatPriceFen(bid.reservedAmount - bid.funding.amount)}），请于 {formatDateTime(bid.funding.payBy * 1000)}{' '}
          前支付，逾期自动关闭
        </div>
      ) : (
        <div className="muted bid-mine-facts">
          已成交 <span data-testid="my-bid-filled">{formatCoins(bid.filledQuantity)}</span> · 冻结{' '}
          {formatPriceFen(bid.reservedAmount - bid.filledAmount - bid.releasedAmount)} · 收货 {bid.deliverTo.roleName} ·{' '}
          {bid.status === 0
            ? `${formatDateTime(bid.expireTime * 1000)} 到期`
            : `挂于 ${formatDateTime(bid.createTime * 1000)}`}
        </div>
      )}
      {bid.funding ? (
        <Link
          className="btn btn-primary btn-sm"
          to={paths.cashier(sceneOfPath(globalThis.location.pathname) ?? 'h5', bid.funding.payBizNo)}
          onClick={() => bid.funding && rememberReturn(bid.funding.payBizNo)}
          data-testid="my-bid-pay"
        >
          去支付
        </Link>
      ) : null}
      {bid.status === 0 || bid.funding ? (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={cancel.isPending}
          onClick={ask}
          data-testid="my-bid-cancel"
        >
          撤销
        </button>
      ) : null}
    </li>
  );
}

/** 我的求购: my bids of the game, newest first; an open one can be withdrawn. */
export function MyBids({ appId }: { appId: string }) {
  const { data, error, isPending } = useMyBids(appId, true);
  if (isPending) return <div className="skeleton broker-skeleton broker-skeleton-60" />;
  if (error) return <p className="muted">{error.message}</p>;
  if (!data?.list.length)
    return (
      <p className="muted" data-testid="my-bids-empty">
        暂无求购，挂单后卖家可直接卖给您。
      </p>
    );
  return (
    <ul className="bid-mine" data-testid="my-bids">
      {data.list.map((b) => (
        <BidRow key={b.bidId} bid={b} />
      ))}
    </ul>
  );
}
