import { bidDepth, bidInfo, type CoinBid, cancelBid, postBid, sellToBid } from '@app/protocol/calls/bid-book';
import { balancePay, combinedPay, wapAlipay } from '@app/protocol/calls/pay';
import { beforeAll, describe, expect, it } from 'vitest';
import { closeUnpaidCoinBids } from '../src/modules/bid-book/bid-book.service';
import { Accounts, balanceOf } from '../src/modules/ledger/ledger';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { releasePayableHolds } from '../src/modules/payments/payment-holds';
import { BID_GAME, bidKey, bidRequest, bidWallet, openBidChannel } from './bid-fixture';
import { expectCode, sdkPlayer, TEST_PAY_PIN, testDb, useTestApp, useTestClient } from './helpers';

/**
 * A bid the balance cannot cover waits for its missing money, paid at the cashier as 'Q<id>'
 * (docs/decisions/0025-bid-book.md): the money lands on the balance and the whole bid is held from
 * it in the same transaction; unpaid in 15 minutes it closes and a late payment stays on the balance.
 */
const t = useTestApp({}, { timeout: 120_000 });
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');
const GAME = BID_GAME;
type Player = Awaited<ReturnType<typeof sdkPlayer>>;
let buyer: Player;
let seller: Player;

const key = () => bidKey('fund');
const wallet = async () => balanceOf(t.db, Accounts.userAvailable(buyer.userId));
const buyerWallet = bidWallet(t);
const topUp = (amount: number) => buyerWallet.topUp(buyer.userId, amount);
/** Spends the whole available balance (a withdrawal stands in), so each case starts from `amount`. */
const setBalance = (amount: number) => buyerWallet.set(buyer.userId, amount);
/** 100,000 金币 at 200 fen per 万: ¥20.00. */
const post = (over: Record<string, unknown> = {}) =>
  app.call(postBid, bidRequest(buyer, 'buyer1', { requestKey: key(), payShortfall: true, ...over }), {
    token: buyer.token,
  });
const waiting = async (over: Record<string, unknown> = {}) => {
  const res = await post(over);
  expectCode(res, '200');
  const bid = res.data as CoinBid;
  expect(bid).toMatchObject({ status: 4, statusLabel: '待付款' });
  return bid;
};
const startPay = async (bid: CoinBid) => {
  const amount = bid.funding!.amount;
  const res = await app.call(
    wapAlipay,
    { bizNo: bid.funding!.payBizNo, totalAmount: amount, payPrice: amount },
    { token: buyer.token },
  );
  expectCode(res, '200');
  return (res.data as { tradeNo: string }).tradeNo;
};
const succeed = (tradeNo: string) => t.app.inject({ method: 'POST', url: `/sandbox/api/pay/${tradeNo}/succeed` });
const info = async (bidId: string) => (await app.call(bidInfo, { bidId }, { token: buyer.token })).data as CoinBid;
const sweep = (aheadMs: number) =>
  closeUnpaidCoinBids(
    { db: t.db, gateway: t.app.gateway, releaseHolds: (trx, id) => releasePayableHolds(trx, 'bid', id) },
    Date.now() + aheadMs,
  );
const depthQuantity = async () => {
  const res = await app.call(bidDepth, { applicationId: GAME, serverId: buyer.pt.serverId, goldType: 2 });
  return (res.data as { bids: Array<{ quantity: number }> }).bids.reduce((s, l) => s + l.quantity, 0);
};
/** The ledger rows of a bid's part (held while it waits) and holds (not the voids' own rows). */
const bidTransfers = (bidId: string) =>
  t.db
    .selectFrom('ledger_transfers')
    .select(['key', 'amount', 'state'])
    .where('key', 'like', `bid:${bidId}:%`)
    .where('key', 'not like', '%:void')
    .orderBy('id')
    .execute();

beforeAll(async () => {
  buyer = await sdkPlayer(t, sdk, 'buyer1', '1389000');
  seller = await sdkPlayer(t, sdk, 'player3', '1389500');
  await openBidChannel(t);
});

describe(`a bid funded at the cashier (${testDb})`, () => {
  it('refuses without payShortfall and bad payments; changes nothing', async () => {
    await setBalance(500);
    expectCode(await post({ payShortfall: undefined }), '10002', '余额不足：求购需冻结¥20.00，请先充值或减少数量');
    expect(await t.db.selectFrom('coin_bids').select('id').execute()).toEqual([]);
    const bid = await waiting();
    expect(bid.funding).toMatchObject({ payBizNo: `Q${bid.bidId}`, amount: 1_500 });
    expect(bid.funding!.payBy - bid.createTime).toBe(15 * 60);
    // The 500 on the balance is held meanwhile; the bid is not in the book and cannot be sold to.
    expect(await wallet()).toMatchObject({ available: 0, reserved: 500 });
    expect(await depthQuantity()).toBe(0);
    const sale = await app.call(
      sellToBid,
      {
        applicationId: GAME,
        serverId: seller.pt.serverId,
        goldType: 2,
        quantity: 20_000,
        minPrice: 1,
        bidId: bid.bidId,
        gameAccountId: 'player3',
        gameRoleId: seller.info.roleId,
        requestKey: key(),
      },
      { token: seller.token },
    );
    expectCode(sale, '10002', '该求购尚未付款');
    // Wrong amounts, the balance short, someone else's bid, a bid that does not exist.
    const wrong = await app.call(
      wapAlipay,
      { bizNo: `Q${bid.bidId}`, totalAmount: 2_000, payPrice: 2_000 },
      { token: buyer.token },
    );
    expectCode(wrong, '10002', '支付金额与订单金额不一致，请刷新后重试');
    expectCode(
      await app.call(
        balancePay,
        { payPassword: TEST_PAY_PIN, bizNo: `Q${bid.bidId}`, totalAmount: 1_500, balancePrice: 1_500 },
        { token: buyer.token },
      ),
      '10002',
      '余额不足',
    );
    expectCode(
      await app.call(
        wapAlipay,
        { bizNo: `Q${bid.bidId}`, totalAmount: 1_500, payPrice: 1_500 },
        { token: seller.token },
      ),
      '10002',
      '求购单不存在',
    );
    expectCode(
      await app.call(wapAlipay, { bizNo: 'Q999999', totalAmount: 1_500, payPrice: 1_500 }, { token: buyer.token }),
      '10002',
      '求购单不存在',
    );
    expect(await info(bid.bidId)).toMatchObject({ status: 4 });
    expect(await wallet()).toMatchObject({ available: 0, reserved: 500 });
    expect(
      await t.db
        .selectFrom('payments')
        .select('id')
        .where('purpose', '=', 'bid')
        .where('ref', '=', Number(bid.bidId))
        .execute(),
    ).toEqual([]);
    // Withdrawn while it waits: the part goes back.
    expectCode(await app.call(cancelBid, { bidId: bid.bidId }, { token: buyer.token }), '200');
    expect(await wallet()).toMatchObject({ available: 500, reserved: 0 });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('paid at the cashier: the money lands on the balance and the whole bid is held, exactly; a repeat notice changes nothing', async () => {
    await setBalance(500);
    const bid = await waiting();
    const tradeNo = await startPay(bid);
    expect((await succeed(tradeNo)).statusCode).toBe(200);
    const live = await info(bid.bidId);
    expect(live).toMatchObject({ status: 0, statusLabel: '求购中', funding: null, reservedAmount: 2_000 });
    expect(await wallet()).toMatchObject({ available: 0, reserved: 2_000 });
    expect(await depthQuantity()).toBe(100_000);
    const rows = await bidTransfers(bid.bidId);
    expect(rows.map((r) => [r.key, Number(r.amount), r.state])).toEqual([
      [`bid:${bid.bidId}:part`, 500, 'voided'],
      [`bid:${bid.bidId}:hold:0`, 2_000, 'pending'],
    ]);
    // The gateway notifies again: nothing more.
    expect((await succeed(tradeNo)).statusCode).toBe(200);
    expect(await wallet()).toMatchObject({ available: 0, reserved: 2_000 });
    // Once live it fills like any bid; cancelled, what is left goes back.
    expectCode(
      await app.call(
        sellToBid,
        {
          applicationId: GAME,
          serverId: seller.pt.serverId,
          goldType: 2,
          quantity: 20_000,
          minPrice: 1,
          bidId: bid.bidId,
          gameAccountId: 'player3',
          gameRoleId: seller.info.roleId,
          requestKey: key(),
        },
        { token: seller.token },
      ),
      '200',
    );
    expectCode(await app.call(cancelBid, { bidId: bid.bidId }, { token: buyer.token }), '200');
    expect(await wallet()).toMatchObject({ available: 1_600, reserved: 0 });

    // Nothing on the balance: the whole bid at the cashier. Topped up meanwhile: paid with the balance.
    await setBalance(0);
    const whole = await waiting();
    expect(whole.funding!.amount).toBe(2_000);
    await topUp(2_000);
    expect(
      (
        await app.call(
          balancePay,
          { payPassword: TEST_PAY_PIN, bizNo: whole.funding!.payBizNo, totalAmount: 2_000, balancePrice: 2_000 },
          { token: buyer.token },
        )
      ).data,
    ).toMatchObject({ paid: true });
    expect(await info(whole.bidId)).toMatchObject({ status: 0 });
    expect(await wallet()).toMatchObject({ available: 0, reserved: 2_000 });
    expectCode(await app.call(cancelBid, { bidId: whole.bidId }, { token: buyer.token }), '200');
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('unpaid in 15 minutes it closes: the part and the cashier’s balance part go back; a late payment stays on the balance', async () => {
    await setBalance(500);
    const bid = await waiting();
    await topUp(300);
    // A combined payment: 300 of the balance reserved now, 1,200 through the gateway.
    const combined = await app.call(
      combinedPay,
      {
        payPassword: TEST_PAY_PIN,
        bizNo: bid.funding!.payBizNo,
        balancePrice: 300,
        totalPrice: 1_500,
        price: 1_200,
        payChannelType: 5,
      },
      { token: buyer.token },
    );
    expectCode(combined, '200');
    expect(await wallet()).toMatchObject({ available: 0, reserved: 800 });
    expect(await sweep(14 * 60_000)).toBe(0);
    const swept = await t.app.inject({ method: 'POST', url: '/dev/sweep', payload: { aheadMinutes: 16 } });
    expect(swept.json().data.coinBids).toMatchObject({ closedUnpaid: 1 });
    expect(await info(bid.bidId)).toMatchObject({ status: 5, statusLabel: '已关闭', releasedAmount: 500 });
    expect(await wallet()).toMatchObject({ available: 800, reserved: 0 });
    // Paid late: the 1,200 lands on the balance, the bid stays closed.
    await succeed((combined.data as { tradeNo: string }).tradeNo);
    expect(await info(bid.bidId)).toMatchObject({ status: 5 });
    expect(await wallet()).toMatchObject({ available: 2_000, reserved: 0 });
    expect(
      await t.db
        .selectFrom('payments')
        .select(['status', 'note'])
        .where('purpose', '=', 'bid')
        .where('ref', '=', Number(bid.bidId))
        .execute(),
    ).toEqual([{ status: 'refunded', note: '求购已关闭，款项已在余额中' }]);
    expectCode(
      await app.call(
        wapAlipay,
        { bizNo: `Q${bid.bidId}`, totalAmount: 1_500, payPrice: 1_500 },
        { token: buyer.token },
      ),
      '10002',
      '求购已付款或已关闭',
    );
    expectCode(
      await app.call(cancelBid, { bidId: bid.bidId }, { token: buyer.token }),
      '10002',
      '该求购未付款，已关闭，无法撤销',
    );
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('races: the payment against the close, one wins and the money adds up; the same key twice at once is one bid', async () => {
    for (let round = 0; round < 6; round++) {
      await setBalance(500);
      const bid = await waiting();
      const tradeNo = await startPay(bid);
      const [closed] = await Promise.all([sweep(16 * 60_000), succeed(tradeNo)]);
      const after = await info(bid.bidId);
      expect([0, 5]).toContain(after.status);
      expect(closed).toBe(after.status === 5 ? 1 : 0);
      // Either the bid holds all 2,000, or it closed and all of it (500 + 1,500 paid) is on the balance.
      expect(await wallet()).toEqual(
        expect.objectContaining(
          after.status === 0 ? { available: 0, reserved: 2_000 } : { available: 2_000, reserved: 0 },
        ),
      );
      if (after.status === 0) {
        expectCode(await app.call(cancelBid, { bidId: bid.bidId }, { token: buyer.token }), '200');
      }
    }
    await setBalance(500);
    const requestKey = key();
    const twice = await Promise.all([post({ requestKey }), post({ requestKey })]);
    expect(twice.map((r) => r.code)).toEqual(['200', '200']);
    expect((twice[0]!.data as CoinBid).bidId).toBe((twice[1]!.data as CoinBid).bidId);
    expect(await wallet()).toMatchObject({ available: 0, reserved: 500 });
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
