import { AuctionStatus } from '@app/protocol/statuses/auction-status';
import { BargainStatus } from '@app/protocol/statuses/bargain-status';
import { describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { useTestApp } from './helpers';

const t = useTestApp({ DEMO_MARKET: '1' }, { timeout: 180_000 });

describe('the demo market’s auctions', () => {
  it('are real: running, bid on by demo buyers whose deposits are held through the ledger; the listing shows the current price', async () => {
    const auctions = await t.db.selectFrom('auctions').selectAll().execute();
    expect(auctions.length).toBeGreaterThan(0);
    expect(auctions.every((a) => a.status === AuctionStatus.RUNNING && a.ends_at.getTime() > Date.now())).toBe(true);
    const withBids = auctions.filter((a) => a.bid_count > 0);
    expect(withBids.length).toBeGreaterThan(0);
    const bidders = await t.db.selectFrom('auction_bidders').selectAll().execute();
    expect(bidders.every((b) => b.status === BargainStatus.AWAITING_SELLER)).toBe(true);
    const deposits = await t.db.selectFrom('deposits').selectAll().where('purpose', '=', 'auction').execute();
    expect(deposits).toHaveLength(bidders.length);
    expect(deposits.every((d) => d.status === 'held')).toBe(true);
    for (const a of withBids) {
      const listing = await t.db
        .selectFrom('commodities')
        .select(['price_fen', 'auction_enable'])
        .where('id', '=', a.commodity_id)
        .executeTakeFirstOrThrow();
      expect(listing).toEqual({ price_fen: a.current_price_fen, auction_enable: 1 });
    }
    // Every listing tagged 拍卖 has its auction.
    const tagged = await t.db
      .selectFrom('commodities')
      .select('id')
      .where('auction_enable', '=', 1)
      .where('status', '=', 1)
      .execute();
    expect(new Set(tagged.map((r) => r.id))).toEqual(new Set(auctions.map((a) => a.commodity_id)));
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
