import type { BrokerListing } from '@app/protocol/calls/broker';
import { formatPriceFen } from '@app/protocol/format';
import { useState } from 'react';
import { useBidDepth } from '../../lib/queries/bid-depth';
import { dropRequestKey, requestKey } from '../../lib/request-key';
import { showToast } from '../../lib/ui-bus';
import { useSellToBid } from './api/bid-book-api';
import { wholeWan, yuanToFen } from './bid-book-logic';
import { formatCoins } from './broker-logic';
import './bid-book.css';

/**
 * 卖给求购 (the merchant center): sells a listing's stock into the buyers' bids of its master group,
 * best price first down to the lowest price he takes; each fill is a paid order to deliver from the
 * workbench.
 */
export function BidSellPanel({ listing, onDone }: { listing: BrokerListing; onDone: () => void }) {
  const depth = useBidDepth(listing.applicationId, listing.serverId, listing.goldType);
  const sell = useSellToBid();
  const best = depth.data?.bids[0];
  const [wan, setWan] = useState('');
  const [minYuan, setMinYuan] = useState<string | null>(null);
  const [problem, setProblem] = useState('');
  const minText = minYuan ?? (best ? (best.unitPrice / 100).toFixed(2) : '');
  // One key per sale: a double tap (or a resend) sells once.
  const saleKey = `bidSaleKey:${listing.commodityId}`;
  const submit = () => {
    const quantity = wholeWan(wan);
    if (quantity === null) return setProblem('出售数量须为整万');
    if (quantity > listing.stock) return setProblem(`库存不足，最多可卖${listing.stock}`);
    const minPrice = yuanToFen(minText);
    if (minPrice === null) return setProblem('请输入最低售价（元/万）');
    setProblem('');
    sell.mutate(
      {
        applicationId: listing.applicationId,
        serverId: listing.serverId,
        goldType: listing.goldType,
        quantity,
        minPrice,
        commodityId: listing.commodityId,
        requestKey: requestKey(saleKey),
      },
      {
        onSuccess: (r) => {
          dropRequestKey(saleKey);
          showToast(`已卖出${formatCoins(r.sold)}，共${formatPriceFen(r.amount)}，请在订单中发货`, 3000);
          onDone();
        },
        onError: (e) => setProblem(e.message),
      },
    );
  };
  return (
    <div className="bid-sell" data-testid="bid-sell">
      <p className="muted">
        最高求购{' '}
        <b className="bid-up" data-testid="bid-sell-best">
          {best ? `${formatPriceFen(best.unitPrice)}/万 · ${formatCoins(best.quantity)}` : '暂无'}
        </b>
        ，按价格从高到低成交，每笔成交生成一笔已付款订单。
      </p>
      <div className="bid-sell-fields">
        <label className="broker-qty-input">
          <input
            inputMode="numeric"
            value={wan}
            onChange={(e) => setWan(e.target.value)}
            placeholder="出售数量"
            aria-label="出售数量（万）"
            data-testid="bid-sell-quantity"
          />
          <span>万</span>
        </label>
        <label className="broker-qty-input">
          <input
            inputMode="decimal"
            value={minText}
            onChange={(e) => setMinYuan(e.target.value)}
            placeholder="最低售价"
            aria-label="最低售价（元/万）"
            data-testid="bid-sell-min"
          />
          <span>元/万起</span>
        </label>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={sell.isPending || !best}
          onClick={submit}
          data-testid="bid-sell-submit"
        >
          {sell.isPending ? '提交中…' : '卖出'}
        </button>
      </div>
      {problem ? (
        <p className="broker-problem" role="alert" data-testid="bid-sell-problem">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
