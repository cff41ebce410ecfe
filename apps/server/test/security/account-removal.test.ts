import { h5sdkCreateOfferOrder, type Offer, offerBuyerCancel } from '@app/protocol/calls/bargain';
import { publishCoin } from '@app/protocol/calls/consignment';
import { downShelf, takeBack } from '@app/protocol/calls/consignment-shelf';
import { identification } from '@app/protocol/calls/identity';
import { cancelOrder, h5sdkOrderPlace } from '@app/protocol/calls/orders';
import { checkRemoveAccount, removeAccount, sendSms } from '@app/protocol/calls/user';
import { extractCancel, extractSave } from '@app/protocol/calls/withdrawal';
import { OrderStatus } from '@app/protocol/statuses/order-status';
import { beforeAll, describe, expect, it } from 'vitest';
import { Accounts, resolvePending, transfer } from '../../src/modules/ledger/ledger';
import { checkLedger } from '../../src/modules/ledger/ledger-check';
import { placeOrder } from '../../src/modules/orders/order.service';
import {
  allowBargain,
  demoGameLogin,
  expectCode,
  idNumber,
  loginAs,
  sdkPlayer,
  setPayPin,
  smsOutbox,
  TEST_PAY_PIN,
  testDb,
  useTestApp,
  useTestClient,
} from '../helpers';

/**
 * An account closes only when nothing of the user's is in flight: money (available or waiting to
 * settle), orders as buyer or seller, listings, offers, withdrawals. Each refusal says why.
 */
let seller: Awaited<ReturnType<typeof sdkPlayer>>;
let buyer: Awaited<ReturnType<typeof sdkPlayer>>;
const t = useTestApp();
const app = useTestClient(t, 'APP');
const sdk = useTestClient(t, 'H5SDK');
beforeAll(async () => {
  seller = await sdkPlayer(t, sdk, 'player1', '1362100');
  buyer = await sdkPlayer(t, sdk, 'buyer1', '1362200');
});

const BALANCE = (amount: string) => `您的账户还有余额 ${amount}，请先提现后再注销`;
const INCOMING = (amount: string) => `您有待入账的金额 ${amount}，请入账并提现后再注销`;
const ORDERS = '您有进行中的订单，请完成或取消后再注销';
const LISTINGS = '您有寄售中的商品，请下架并取回后再注销';
const OFFERS = '您有进行中的还价或出价，请撤回或处理后再注销';
const WITHDRAWALS = '您有处理中的提现，请等待到账后再注销';

const reasonsOf = async (token: string) =>
  ((await app.call(checkRemoveAccount, {}, { token })).data as { removable: boolean; reasons: string[] }).reasons;
/** A removal refused before the code is even looked at (any code). */
const refusedRemoval = (token: string) => app.call(removeAccount, { code: '0000' }, { token });
const userIdOf = async (uid: string) =>
  (await t.db.selectFrom('users').select('id').where('uid', '=', uid).executeTakeFirstOrThrow()).id;
const removedAt = async (userId: number) =>
  (await t.db.selectFrom('users').select('removed_at').where('id', '=', userId).executeTakeFirstOrThrow()).removed_at;
/** Sends the closing code to the user's phone and answers it. */
const closingCode = async (token: string, phone: string) => {
  expectCode(await app.call(sendSms, { smsType: 'verifyCode', phone: 'auto' }, { token }), '200');
  return (await smsOutbox(t, phone)).filter((m) => m.smsType === 'verifyCode').at(-1)!.code;
};
const listCoins = async (price = 10_000) => {
  const lot = await sdk.call(
    publishCoin,
    { ...seller.pt, coinType: 2, coinNum: 10_000, price },
    { token: seller.token },
  );
  expectCode(lot, '200');
  return (lot.data as { commodityId: string }).commodityId;
};

describe('closing an account with something in flight', () => {
  it('refuses while money is available or waiting to settle, says how much, and closes once it is gone', async () => {
    const phone = '13631000001';
    const { token, uid } = await loginAs(t, phone);
    const userId = await userIdOf(uid);
    await transfer(t.db, {
      key: 'removal-topup',
      debit: Accounts.gateway('topup-test'),
      credit: Accounts.userAvailable(userId),
      amount: 1_234,
      code: 'topup',
    });
    expect((await app.call(checkRemoveAccount, {}, { token })).data).toEqual({
      removable: false,
      reasons: [BALANCE('¥12.34')],
    });
    expectCode(await refusedRemoval(token), '10002', BALANCE('¥12.34'));
    await transfer(t.db, {
      key: 'removal-incoming',
      debit: Accounts.gateway('topup-test'),
      credit: Accounts.userAvailable(userId),
      amount: 500,
      code: 'settlement',
      pending: { timeoutAt: null },
    });
    expect(await reasonsOf(token)).toEqual([BALANCE('¥12.34'), INCOMING('¥5.00')]);

    // The money leaves (paid out, the pending part voided): nothing stands in the way any more.
    await resolvePending(t.db, { key: 'removal-incoming:void', pendingKey: 'removal-incoming', action: 'void' });
    await transfer(t.db, {
      key: 'removal-paid-out',
      debit: Accounts.userAvailable(userId),
      credit: Accounts.payout('sandbox'),
      amount: 1_234,
      code: 'withdrawal',
    });
    expect(await reasonsOf(token)).toEqual([]);
    expect(await removedAt(userId)).toBeNull();
    await setPayPin(t, userId);
    expectCode(await app.call(removeAccount, { code: await closingCode(token, phone) }, { token }), '200');
    expect(await removedAt(userId)).not.toBeNull();
    // The payment password goes with the account (the pay-password module's closer).
    expect(await t.db.selectFrom('pay_passwords').select('user_id').where('user_id', '=', userId).execute()).toEqual(
      [],
    );
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('refuses buyer and seller while an order is open, and the seller while a listing holds goods', async () => {
    const lot = await listCoins();
    expect(await reasonsOf(seller.token)).toEqual([LISTINGS]);
    const placed = await sdk.call(
      h5sdkOrderPlace,
      { ...buyer.pt, commodityId: lot, requestKey: 'removal-order-1', agreement: true },
      { token: buyer.token },
    );
    expectCode(placed, '200');
    expect(await reasonsOf(buyer.token)).toEqual([ORDERS]);
    // The reasons come in the order the modules registered their checks (consignment before orders).
    expect(await reasonsOf(seller.token)).toEqual([LISTINGS, ORDERS]);
    expectCode(await refusedRemoval(buyer.token), '10002', ORDERS);
    expectCode(await refusedRemoval(seller.token), '10002', LISTINGS);

    const { orderId } = placed.data as { orderId: string };
    expectCode(await app.call(cancelOrder, { orderId }, { token: buyer.token }), '200');
    expect(await reasonsOf(buyer.token)).toEqual([]);
    expect(await reasonsOf(seller.token)).toEqual([LISTINGS]);
    expectCode(await app.call(downShelf, { commodityId: lot }, { token: seller.token }), '200');
    // Delisted, the coins are still frozen in the game: taken back, nothing is held.
    expect(await reasonsOf(seller.token)).toEqual([LISTINGS]);
    expectCode(await app.call(takeBack, { commodityId: lot }, { token: seller.token }), '200');
    expect(await reasonsOf(seller.token)).toEqual([]);
  });

  it('refuses both sides of an offer waiting for the seller', async () => {
    const lot = await listCoins();
    await allowBargain(app, seller.token, lot);
    // Its deposit not paid yet: the buyer's proposal is open; the seller has not heard of it.
    const made = await sdk.call(
      h5sdkCreateOfferOrder,
      { ...buyer.pt, commodityId: lot, price: 8_000, requestKey: 'removal-offer-1', agreement: true },
      { token: buyer.token },
    );
    expectCode(made, '200');
    expect(await reasonsOf(buyer.token)).toEqual([OFFERS]);
    expect(await reasonsOf(seller.token)).toEqual([LISTINGS]);
    expectCode(await refusedRemoval(buyer.token), '10002', OFFERS);
    expectCode(
      await app.call(offerBuyerCancel, { offerId: (made.data as Offer).offerId }, { token: buyer.token }),
      '200',
    );
    expect(await reasonsOf(buyer.token)).toEqual([]);
    expect(await reasonsOf(seller.token)).toEqual([LISTINGS]);
    await app.call(downShelf, { commodityId: lot }, { token: seller.token });
    await app.call(takeBack, { commodityId: lot }, { token: seller.token });
  });

  it('refuses while a withdrawal is in review', async () => {
    const { token, uid } = await loginAs(t, '13631000002');
    const userId = await userIdOf(uid);
    expectCode(
      await app.call(identification, { realName: '林小雨', idCard: idNumber('19920202', '611') }, { token }),
      '200',
    );
    await setPayPin(t, userId);
    await transfer(t.db, {
      key: 'removal-topup-2',
      debit: Accounts.gateway('topup-test'),
      credit: Accounts.userAvailable(userId),
      amount: 2_000,
      code: 'topup',
    });
    const request = await app.call(
      extractSave,
      { amount: 2_000, accountNo: '13631000002', accountName: '林小雨', payPassword: TEST_PAY_PIN },
      { token },
    );
    expectCode(request, '200');
    expect(await reasonsOf(token)).toEqual([WITHDRAWALS]);
    expectCode(await refusedRemoval(token), '10002', WITHDRAWALS);
    expectCode(await app.call(extractCancel, { id: (request.data as { id: string }).id }, { token }), '200');
    expect(await reasonsOf(token)).toEqual([BALANCE('¥20.00')]);
  });

  it(`never both closes an account and takes its new order when the two meet (${testDb})`, async () => {
    const buyerRole = (await demoGameLogin(t, 'buyer1')).roleId;
    const pairs = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        const phone = `1363100010${i}`;
        const user = await loginAs(t, phone);
        const userId = await userIdOf(user.uid);
        await t.db.updateTable('users').set({ has_authentication: true }).where('id', '=', userId).execute();
        return { ...user, userId, code: await closingCode(user.token, phone), lot: await listCoins(10_000 + i * 100) };
      }),
    );
    const outcomes = await Promise.all(
      pairs.map(async (p) => {
        const [order, removal] = await Promise.allSettled([
          placeOrder(
            { db: t.db, gateway: t.app.gateway },
            {
              buyer: { userId: p.userId, uid: p.uid },
              commodityId: p.lot,
              requestKey: `removal-race-${p.uid}`,
              player: { accountId: 'buyer1', roleId: buyerRole },
            },
          ),
          app.call(removeAccount, { code: p.code }, { token: p.token }),
        ]);
        return {
          ordered: order.status === 'fulfilled',
          removed: removal.status === 'fulfilled' && removal.value.code === '200',
          refusal: removal.status === 'fulfilled' ? removal.value.msg : '',
        };
      }),
    );
    for (const o of outcomes) {
      expect(o.ordered && o.removed).toBe(false);
      if (o.ordered) expect(o.refusal).toBe(ORDERS);
    }
    // The books agree: no open order belongs to a closed account.
    const stranded = await t.db
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.buyer_user_id')
      .select('orders.id')
      .where('users.removed_at', 'is not', null)
      .where('orders.status', '=', OrderStatus.AWAITING_PAYMENT)
      .execute();
    expect(stranded).toEqual([]);
    // A closed account places nothing afterwards.
    for (const p of pairs.filter((_, i) => outcomes[i]?.removed)) {
      await expect(
        placeOrder(
          { db: t.db, gateway: t.app.gateway },
          {
            buyer: { userId: p.userId, uid: p.uid },
            commodityId: p.lot,
            requestKey: `removal-after-${p.uid}`,
            player: { accountId: 'buyer1', roleId: buyerRole },
          },
        ),
      ).rejects.toMatchObject({ code: '10002' });
    }
  });
});
