import { randomBytes } from 'node:crypto';
import { setBrokerConfig } from '../src/modules/broker/broker-config';
import { Accounts, balanceOf, transfer } from '../src/modules/ledger/ledger';
import type { TestApp } from './helpers';

/**
 * The 求购 (bid book) setup the bid and account-removal test files share
 * (docs/decisions/0025-bid-book.md): 传奇·演示's channel opened for 金币 (and 元宝 where a file
 * asks for it), a bid of 100,000 金币 at 200 fen per 万 (¥20.00) on the player's own role, and the
 * balance moves that stand in for a top-up and a withdrawal.
 */
export const BID_GAME = 'demo-legend';

export const BID_CHANNEL = {
  applicationId: BID_GAME,
  enabled: true,
  goldTypes: [{ goldType: 2, goldName: '金币' }],
  minQuantity: 20_000,
  maxQuantity: 50_000_000,
  feePercent: 3,
  deliverMinutes: 60,
  confirmHours: 24,
};

/** Opens the channel (BID_CHANNEL, with `over`). */
export const openBidChannel = (t: TestApp, over: Partial<Parameters<typeof setBrokerConfig>[1]> = {}) =>
  setBrokerConfig(t.db, { ...BID_CHANNEL, ...over });

/** A request key no other test used. */
export const bidKey = (prefix = 'bid') => `${prefix}-${randomBytes(6).toString('hex')}`;

/** Unix seconds `n` hours from now (a bid's expireTime). */
export const hoursFromNow = (n: number) => Math.floor(Date.now() / 1000) + n * 3600;

/** The player a bid is posted for: his role's server and id, and the game account he logged in with. */
export interface Bidder {
  pt: { serverId: string };
  info: { roleId: string };
}

/** A postBid request: 100,000 金币 at 200 fen per 万 for 24 hours, to the player's role. */
export const bidRequest = (who: Bidder, gameAccountId: string, over: Record<string, unknown> = {}) => ({
  applicationId: BID_GAME,
  serverId: who.pt.serverId,
  goldType: 2,
  unitPrice: 200,
  quantity: 100_000,
  expireTime: hoursFromNow(24),
  gameAccountId,
  gameRoleId: who.info.roleId,
  requestKey: bidKey(),
  ...over,
});

/** ¥20.00: what bidRequest's bid holds. */
export const BID_TOTAL_FEN = 2_000;

/**
 * The balance of a user as a test sets it: money topped up from a gateway, what is available paid
 * out (a withdrawal stands in), each under a key of its own.
 */
export function bidWallet(t: TestApp) {
  const wallet = {
    available: async (userId: number) => (await balanceOf(t.db, Accounts.userAvailable(userId))).available,
    topUp: (userId: number, amount: number) =>
      transfer(t.db, {
        key: bidKey('topup'),
        debit: Accounts.gateway('sandbox'),
        credit: Accounts.userAvailable(userId),
        amount,
        code: 'topup',
      }),
    /** What is available leaves the balance, so only what the test holds stays. */
    drain: async (userId: number) => {
      const available = await wallet.available(userId);
      if (available > 0)
        await transfer(t.db, {
          key: bidKey('payout'),
          debit: Accounts.userAvailable(userId),
          credit: Accounts.payout('sandbox'),
          amount: available,
          code: 'withdrawal',
        });
    },
    /** Exactly `amount` available (drained, then topped up). */
    set: async (userId: number, amount: number) => {
      await wallet.drain(userId);
      if (amount > 0) await wallet.topUp(userId, amount);
    },
  };
  return wallet;
}
