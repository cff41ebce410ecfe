import type { CommodityDetail } from '@app/protocol/calls/exchange';
import { formatPriceFen, formatShortDateTime } from '@app/protocol/format';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import './sold-notice.css';

/**
 * A listing that ended in a sale stays readable (as 藏宝阁 keeps sold items): a shared link or an
 * old collection shows 已售出 with the price it sold for and when, and instead of the buy bar a
 * way on to the same game's listings on sale.
 */
export function SoldNotice({ sold }: { sold: NonNullable<CommodityDetail['sold']> }) {
  return (
    <div className="c-sold" role="status" data-testid="sold-notice">
      <span className="c-sold-stamp">已售出</span>
      <span>
        成交价 <b data-testid="sold-price">{formatPriceFen(sold.price)}</b>
      </span>
      <span className="muted">{formatShortDateTime(sold.soldAt * 1000)} 成交</span>
    </div>
  );
}

/** Where the buy bar was: the listing is gone, the game's other listings are not. */
export function SoldBar({ scene, applicationId, pc }: { scene: string; applicationId: string; pc: boolean }) {
  return (
    <div className={pc ? 'c-buy-pc' : 'c-buy-bar'} data-testid="sold-bar">
      <Link className="btn btn-primary btn-block" to={paths.list(scene, { applicationId })}>
        该商品已售出，看看同类在售商品
      </Link>
    </div>
  );
}
