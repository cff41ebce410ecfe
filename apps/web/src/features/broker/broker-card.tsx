import type { BrokerListing } from '@app/protocol/calls/broker';
import { formatPriceFen } from '@app/protocol/format';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { coinsPerYuan, deliverText, formatCoins } from './broker-logic';

/**
 * One merchant's listing in the channel's list: the shop, the price per 万, what is left, the bounds,
 * the promise. `invalid` (a collected listing no longer buyable) greys it and says 已失效.
 */
export function BrokerCard({
  listing,
  scene,
  invalid = false,
}: {
  listing: BrokerListing;
  scene: string;
  invalid?: boolean;
}) {
  return (
    <Link
      to={paths.brokerDetail(scene, listing.commodityId)}
      className={invalid ? 'card broker-card broker-card-invalid' : 'card broker-card'}
      data-testid="broker-card"
      data-commodity-id={listing.commodityId}
    >
      <div className="broker-card-head">
        <span className="broker-shop">
          <span className="broker-shop-mark" aria-hidden="true">
            {listing.shopName.slice(0, 1)}
          </span>
          <b data-testid="broker-shop">{listing.shopName}</b>
          <span className="broker-badge">认证商人</span>
        </span>
        <span className="muted">{listing.serverName}</span>
      </div>
      <div className="broker-card-body">
        <div>
          <div className="broker-price" data-testid="broker-price">
            {formatPriceFen(listing.unitPrice)}
            <small>/万{listing.goldName}</small>
          </div>
          <div className="muted broker-ratio">
            1元≈{formatCoins(coinsPerYuan(listing.unitPrice))}
            {listing.goldName}
          </div>
        </div>
        <div className="broker-card-facts">
          <span>
            库存 <b data-testid="broker-stock">{formatCoins(listing.stock)}</b>
          </span>
          <span>
            单笔{' '}
            <span className="broker-range">
              {formatCoins(listing.minPerOrder)}–{formatCoins(listing.maxPerOrder)}
            </span>
          </span>
          <span className="broker-promise">{deliverText(listing.deliverMinutes)}</span>
        </div>
        {invalid ? (
          <span className="broker-tag-invalid" data-testid="broker-invalid">
            已失效
          </span>
        ) : (
          <span className="btn btn-primary btn-sm broker-buy">购买</span>
        )}
      </div>
    </Link>
  );
}

/** The PC list's row (a table of merchants, 藏宝阁-style). */
export function BrokerRow({ listing, scene }: { listing: BrokerListing; scene: string }) {
  return (
    <tr data-testid="broker-card" data-commodity-id={listing.commodityId}>
      <td>
        <span className="broker-shop">
          <span className="broker-shop-mark" aria-hidden="true">
            {listing.shopName.slice(0, 1)}
          </span>
          <span>
            {/* The shop's name opens the listing too, as a PC reader expects of a row's title. */}
            <Link to={paths.brokerDetail(scene, listing.commodityId)}>
              <b data-testid="broker-shop">{listing.shopName}</b>
            </Link>
            <br />
            <span className="broker-badge">认证商人</span>
          </span>
        </span>
      </td>
      <td>
        {listing.serverName}
        <br />
        <span className="muted">{listing.goldName}</span>
      </td>
      <td>
        <span className="broker-price" data-testid="broker-price">
          {formatPriceFen(listing.unitPrice)}
          <small>/万</small>
        </span>
        <br />
        <span className="muted">
          1元≈{formatCoins(coinsPerYuan(listing.unitPrice))}
          {listing.goldName}
        </span>
      </td>
      <td data-testid="broker-stock">{formatCoins(listing.stock)}</td>
      <td>
        {formatCoins(listing.minPerOrder)}–{formatCoins(listing.maxPerOrder)}
      </td>
      <td>
        <span className="broker-promise">{deliverText(listing.deliverMinutes)}</span>
      </td>
      <td>
        <Link className="btn btn-primary btn-sm" to={paths.brokerDetail(scene, listing.commodityId)}>
          购买
        </Link>
      </td>
    </tr>
  );
}
