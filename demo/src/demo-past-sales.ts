import type { RoleSnapshot } from '@app/game-partner/partner-types';
import { DEFAULT_SELL_RULES, serviceFee } from '@app/protocol/sell-rules';
import { LISTING_SOLD_NOTE, ListingStatus } from '@app/protocol/statuses/listing-status';
import { insertListing, recordSale } from '../../apps/server/src/modules/exchange/listings';
import { searchTextOf } from '../../apps/server/src/modules/market/game-catalogue';
import type { DbHandle } from '../../apps/server/src/platform/db/handle';
import { listingsOf } from './demo-market';
import type { Rng } from './rng';

const DAY = 86_400_000;

/**
 * A demo seller's own sold history: one to three coin lots or props of his role that sold 22 to 58
 * days ago (listed, then sold within three days), each a sold listing (已失效, 已售出) with its
 * trade, so his card counts what he sold like any seller's (已成交) instead of 0 in a market of
 * a thousand trades. Nothing here is on sale or frozen. Answers the trades written.
 */
export async function seedPastSales(
  db: DbHandle,
  seller: {
    userId: number;
    accountId: string;
    gameId: string;
    gameName: string;
    serverName: string;
    masterServerId: string;
  },
  snap: RoleSnapshot,
  rng: Rng,
  now: number,
): Promise<number> {
  const past = listingsOf(snap, rng, false, seller.serverName).slice(0, 1 + Math.floor(rng() * 3));
  for (const l of past) {
    const published = new Date(now - (25 + Math.floor(rng() * 33)) * DAY);
    const soldAt = new Date(published.getTime() + Math.floor(rng() * 3 * DAY) + 3_600_000);
    const listing = {
      application_id: seller.gameId,
      server_id: snap.serverId,
      master_server_id: seller.masterServerId,
      role_type: null,
      role_level: null,
      coin_type: l.coin?.type ?? null,
      coin_num: l.coin?.amount ?? null,
      sub_type: l.item?.subType ?? null,
      item_name: l.item?.name ?? null,
    };
    const id = await insertListing(db, {
      ...listing,
      type: l.type,
      title: l.title,
      game_name: seller.gameName,
      server_name: seller.serverName,
      role_name: null,
      role_class_name: null,
      coin_type_name: l.coin?.name ?? null,
      unit_price_wan: l.coin ? Math.round((l.priceFen * 10_000) / l.coin.amount) : null,
      first_img: '',
      price_fen: l.priceFen,
      fee_fen: serviceFee(l.priceFen, DEFAULT_SELL_RULES),
      source: 'demo',
      item_ids: JSON.stringify(l.freeze.kind === 'items' ? l.freeze.itemIds : []),
      sale_type: 0,
      auction_enable: 0,
      status: ListingStatus.INVALID,
      note: LISTING_SOLD_NOTE,
      published_at: published,
      expires_at: null,
      lock_until: null,
      search_text: searchTextOf([l.title, seller.serverName, l.item?.name, l.coin?.name]),
      seller_user_id: seller.userId,
      game_account_id: seller.accountId,
      game_role_id: snap.roleId,
      snapshot: null,
      images: JSON.stringify([]),
      designated_trade_id: null,
      deliver_days: null,
      taken_back_at: null,
      pending_until: null,
      last_on_sale_price_fen: null,
      bargain_floor_fen: null,
      game_freeze_id: null,
    });
    await recordSale(db, { id, ...listing }, { title: l.title, type: l.type, priceFen: l.priceFen, soldAt });
  }
  return past.length;
}
