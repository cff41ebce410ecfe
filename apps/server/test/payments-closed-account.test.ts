import { type CoinBid, cancelBid, postBid } from '@app/protocol/calls/bid-book';
import { type BrokerOrder, brokerCancelOrder, brokerOrderPlace } from '@app/protocol/calls/broker-orders';
import { wapAlipay } from '@app/protocol/calls/pay';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Accounts, balanceOf } from '../src/modules/ledger/ledger';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { eraseAccount } from '../src/modules/user/user.service';
import { bidKey, bidRequest, bidWallet } from './bid-fixture';
import { approvedMerchant, openBrokerChannel, publishedListing } from './broker-fixture';
import { expectCode, sdkPlayer, testDb, useTestApp, useTestClient } from './helpers';

/**
 * Issue 31: a gateway payment never closed may still land (the provider's notification) after its
 * account closed. The account's removal closes its open payments; what lands for one afterwards is
 * refunded through its channel (status refund_owed, a refund 原路退回: gateway → refunds in transit →
 * gateway; refused, it would wait in platform:refunds_owed for staff), never credited to the
 * closed account, the ledger balanced.
 */
type Player = Awaited<ReturnType<typeof sdkPlayer>>;
const t = useTestApp({}, { timeout: 120_000 });
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');
const wallet = bidWallet(t);
let merchant: Player;

beforeAll(async () => {
  merchant = await sdkPlayer(t, sdk, 'player1', '1367100');
  await openBrokerChannel(t);
  await approvedMerchant(t, app, merchant.token, '退款金铺');
});
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
});

const paymentOf = (tradeNo: string) =>
  t.db.selectFrom('payments').selectAll().where('trade_no', '=', tradeNo).executeTakeFirstOrThrow();
const startPay = async (who: Player, bizNo: string, amount: number) => {
  const res = await app.call(wapAlipay, { bizNo, totalAmount: amount, payPrice: amount }, { token: who.token });
  expectCode(res, '200');
  return (res.data as { tradeNo: string }).tradeNo;
};
/** The player pays at the sandbox cashier: its notification reaches the server. */
const succeed = (tradeNo: string) => t.app.inject({ method: 'POST', url: `/sandbox/api/pay/${tradeNo}/succeed` });
const owed = async () => (await balanceOf(t.db, Accounts.refundsOwed)).posted;
/** The refunds of one trade: [status, fen] each. */
const refundsOf = async (tradeNo: string) =>
  (await t.db.selectFrom('refunds').select(['status', 'amount_fen']).where('trade_no', '=', tradeNo).execute()).map(
    (r) => [r.status, Number(r.amount_fen)],
  );
const balanceOfUser = (p: Player) => balanceOf(t.db, Accounts.userAvailable(p.userId));

describe(`a payment landing on an account closed meanwhile (${testDb})`, () => {
  it('a broker order’s payment: closed with the account, then owed back, never credited to it', async () => {
    const buyer = await sdkPlayer(t, sdk, 'buyer1', '1367200');
    const listing = await publishedListing(app, merchant);
    const placed = await app.call(
      brokerOrderPlace,
      {
        commodityId: listing.commodityId,
        quantity: 100_000,
        gameAccountId: 'buyer1',
        gameRoleId: buyer.info.roleId,
        requestKey: bidKey('owed'),
        agreement: true,
      },
      { token: buyer.token },
    );
    expectCode(placed, '200');
    const order = placed.data as BrokerOrder;
    // The cashier opened, then the buyer cancels: the payment stays open at the gateway.
    const tradeNo = await startPay(buyer, order.bizNo, order.totalAmount);
    expectCode(await app.call(brokerCancelOrder, { orderId: order.orderId }, { token: buyer.token }), '200');
    expect((await paymentOf(tradeNo)).status).toBe('created');

    await eraseAccount(t.db, buyer.userId, t.app.removalChecks);
    expect(await paymentOf(tradeNo)).toMatchObject({ status: 'closed', note: '账号已注销，支付已关闭' });

    const before = await owed();
    // The buyer still pays at the open cashier page: the provider notifies.
    expect((await succeed(tradeNo)).statusCode).toBe(200);
    await expect.poll(async () => (await paymentOf(tradeNo)).status).toBe('refund_owed');
    expect((await paymentOf(tradeNo)).note).toBe('账号已注销，款项将原路退回');
    await expect.poll(() => refundsOf(tradeNo)).toEqual([['succeeded', order.totalAmount]]);
    expect(await owed()).toBe(before);
    expect(await balanceOfUser(buyer)).toMatchObject({ available: 0, posted: 0, incoming: 0 });
    // A repeated notification changes nothing.
    await succeed(tradeNo);
    expect(await refundsOf(tradeNo)).toEqual([['succeeded', order.totalAmount]]);
  });

  it('a bid’s missing money (paid to the balance otherwise): owed back too', async () => {
    const bidder = await sdkPlayer(t, sdk, 'player3', '1367300');
    await wallet.set(bidder.userId, 500);
    const posted = await app.call(postBid, bidRequest(bidder, 'player3', { payShortfall: true }), {
      token: bidder.token,
    });
    expectCode(posted, '200');
    const bid = posted.data as CoinBid;
    const { payBizNo, amount } = bid.funding!;
    const tradeNo = await startPay(bidder, payBizNo, amount);
    expectCode(await app.call(cancelBid, { bidId: bid.bidId }, { token: bidder.token }), '200');
    // The ¥5.00 the bid held is back on the balance: paid out, the account closes.
    await wallet.drain(bidder.userId);
    await eraseAccount(t.db, bidder.userId, t.app.removalChecks);
    expect((await paymentOf(tradeNo)).status).toBe('closed');

    const before = await owed();
    await succeed(tradeNo);
    await expect.poll(async () => (await paymentOf(tradeNo)).status).toBe('refund_owed');
    await expect.poll(() => refundsOf(tradeNo)).toEqual([['succeeded', amount]]);
    expect(await owed()).toBe(before);
    expect(await balanceOfUser(bidder)).toMatchObject({ available: 0 });
  });
});
