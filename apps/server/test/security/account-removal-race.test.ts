import { CoinBidStatus } from '@app/protocol/statuses/coin-bid-status';
import { beforeAll, describe, expect, it } from 'vitest';
import { postCoinBid } from '../../src/modules/bid-book/bid-book.service';
import { eraseAccount } from '../../src/modules/user/user.service';
import { bidRequest, openBidChannel } from '../bid-fixture';
import { sdkPlayer, testDb, useTestApp, useTestClient } from '../helpers';

/**
 * Issue 31, item 1: a 求购 bid placed while its buyer's account closes. The bid holds the buyer's
 * row open while it is written and the removal checks again under the row's lock, so either the
 * bid is there and the removal refuses, or the account closed first and the bid is refused.
 */
const t = useTestApp({}, { timeout: 120_000 });
const sdk = useTestClient(t, 'H5SDK');
const ACCOUNTS = ['player1', 'player2', 'player3', 'buyer1'] as const;
let players: Array<Awaited<ReturnType<typeof sdkPlayer>> & { account: string }>;
beforeAll(async () => {
  players = [];
  for (const [i, account] of ACCOUNTS.entries()) {
    players.push({ ...(await sdkPlayer(t, sdk, account, `13651${i}0`)), account });
  }
  await openBidChannel(t);
});

const BID = '您有进行中的求购，请撤销求购后再注销';
/** A bid with nothing on the balance: it waits for its money (待付款) and still keeps the account open. */
const bidOf = (p: (typeof players)[number], requestKey: string) =>
  postCoinBid(
    { db: t.db, gateway: t.app.gateway },
    p.userId,
    bidRequest(p, p.account, { requestKey, payShortfall: true }),
  );

describe(`a bid and the account's removal at once (${testDb})`, () => {
  it('never both closes the account and takes the bid', async () => {
    // The closing itself (the code was checked before it): the checks again under the user's row lock, then the erasure.
    const outcomes = await Promise.all(
      players.map(async (p) => {
        const [bid, removal] = await Promise.allSettled([
          bidOf(p, `race-bid-${p.userId}`),
          eraseAccount(t.db, p.userId, t.app.removalChecks),
        ]);
        return {
          bid: bid.status === 'fulfilled',
          removed: removal.status === 'fulfilled',
          refusal: removal.status === 'rejected' ? String((removal.reason as Error).message) : '',
          bidError: bid.status === 'rejected' ? String((bid.reason as Error).message) : '',
        };
      }),
    );
    for (const o of outcomes) {
      expect(o.bid && o.removed).toBe(false);
      if (o.bid) expect(o.refusal).toBe(BID);
      else expect(o.bidError).toMatch(/该账号已注销|请先绑定手机号/);
    }
    // No live bid belongs to a closed account.
    const stranded = await t.db
      .selectFrom('coin_bids')
      .innerJoin('users', 'users.id', 'coin_bids.buyer_user_id')
      .select('coin_bids.id')
      .where('users.removed_at', 'is not', null)
      .where('coin_bids.status', 'in', [CoinBidStatus.OPEN, CoinBidStatus.AWAITING_FUNDS])
      .execute();
    expect(stranded).toEqual([]);
    // A closed account posts no bid afterwards.
    for (const [i, p] of players.entries())
      if (outcomes[i]?.removed) await expect(bidOf(p, `after-${p.userId}`)).rejects.toMatchObject({ code: '10002' });
  });
});
