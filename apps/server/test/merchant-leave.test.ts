import {
  brokerDownShelf,
  brokerOnShelf,
  merchantInfo,
  merchantLeave,
  updateCommodityStock,
} from '@app/protocol/calls/broker';
import {
  type BrokerOrder,
  brokerCancelOrder,
  brokerConfirmOrder,
  brokerOrderPlace,
  startOrderDelivery,
} from '@app/protocol/calls/broker-orders';
import { wapAlipay } from '@app/protocol/calls/pay';
import { checkRemoveAccount } from '@app/protocol/calls/user';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { placeBrokerOrder } from '../src/modules/broker/broker-order-place';
import { leaveMerchant } from '../src/modules/broker/merchant-leave';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { releasePayableHolds } from '../src/modules/payments/payment-holds';
import { eraseAccount } from '../src/modules/user/user.service';
import { knownCaller } from '../src/platform/auth/sessions';
import { bidKey, bidWallet } from './bid-fixture';
import { approvedMerchant, BROKER_GAME, openBrokerChannel, publishedListing } from './broker-fixture';
import { expectCode, sdkPlayer, testDb, useTestApp, useTestClient } from './helpers';

/**
 * Issue 31: a merchant leaves the broker channel himself (merchant/leave, 退出商户) once nothing of
 * his is open: no listing on sale with stock, no broker order running, no money of a finished one
 * still held for him. Then his account can close. Leaving races what would add to his holdings (an
 * order, stock back on sale): one of the two is refused, never both done.
 */
type Player = Awaited<ReturnType<typeof sdkPlayer>>;
const t = useTestApp({}, { timeout: 120_000 });
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');
const wallet = bidWallet(t);
let merchant: Player;
let buyer: Player;

beforeAll(async () => {
  merchant = await sdkPlayer(t, sdk, 'player1', '1366100');
  buyer = await sdkPlayer(t, sdk, 'buyer1', '1366200');
  await openBrokerChannel(t);
});
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
});

const ON_SALE = '您有出售中的商品，请先下架或将库存清零后再退出商户';
const RUNNING = '您有进行中的商人交易订单，请完成后再退出商户';
const MERCHANT = '您已入驻为商人，请先在商户中心退出商户后再注销';

const leave = (p: Player = merchant) => app.call(merchantLeave, { applicationId: BROKER_GAME }, { token: p.token });
const standing = async (p: Player = merchant) =>
  (
    (await app.call(merchantInfo, { applicationId: BROKER_GAME }, { token: p.token })).data as {
      merchant: { status: string; statusLabel: string } | null;
    }
  ).merchant;
const reasonsOf = async (p: Player) =>
  ((await app.call(checkRemoveAccount, {}, { token: p.token })).data as { reasons: string[] }).reasons;
const order = (commodityId: string, quantity = 100_000) =>
  app.call(
    brokerOrderPlace,
    {
      commodityId,
      quantity,
      gameAccountId: 'buyer1',
      gameRoleId: buyer.info.roleId,
      requestKey: bidKey('leave'),
      agreement: true,
    },
    { token: buyer.token },
  );

describe(`a merchant leaves the broker channel (${testDb})`, () => {
  it('is refused while anything of his is open, changing nothing; then leaves, may not sell, and his account closes', async () => {
    // Not a merchant (yet): nothing to leave.
    expectCode(await leave(), '10002', '您还不是该游戏的商人，无需退出');
    await approvedMerchant(t, app, merchant.token, '退出金铺');
    const listing = await publishedListing(app, merchant);

    expectCode(await leave(), '10002', ON_SALE);
    expect(await standing()).toMatchObject({ status: 'approved' });
    const placed = await order(listing.commodityId);
    expectCode(placed, '200');
    expectCode(await app.call(brokerDownShelf, { commodityId: listing.commodityId }, { token: merchant.token }), '200');
    // Delisted, but the order still runs (its money and coins on the way).
    expectCode(await leave(), '10002', RUNNING);
    expect(await standing()).toMatchObject({ status: 'approved' });
    expectCode(
      await app.call(brokerCancelOrder, { orderId: (placed.data as BrokerOrder).orderId }, { token: buyer.token }),
      '200',
    );

    const left = await leave();
    expectCode(left, '200');
    expect(left.data).toMatchObject({ status: 'left', statusLabel: '已退出' });
    // Leaving again answers the same; he no longer sells.
    expect((await leave()).data).toMatchObject({ status: 'left' });
    const gone = '您已退出该游戏的商户，如需经营请重新申请入驻';
    expectCode(
      await app.call(brokerOnShelf, { commodityId: listing.commodityId }, { token: merchant.token }),
      '10002',
      gone,
    );
    expectCode(
      await app.call(
        updateCommodityStock,
        { commodityId: listing.commodityId, stock: 100_000 },
        { token: merchant.token },
      ),
      '10002',
      gone,
    );

    // Nothing stands in the way of closing the account any more.
    expect(await reasonsOf(merchant)).toEqual([]);
    // The closing itself (its SMS code is account-removal.test.ts's): the checks again under the row's lock.
    await eraseAccount(t.db, merchant.userId, t.app.removalChecks);
    const closed = await t.db
      .selectFrom('users')
      .select('removed_at')
      .where('id', '=', merchant.userId)
      .executeTakeFirstOrThrow();
    expect(closed.removed_at).not.toBeNull();
  });

  it('waits for a finished order’s money to reach him before he leaves', async () => {
    const seller = await sdkPlayer(t, sdk, 'player2', '1366300');
    await approvedMerchant(t, app, seller.token, '结算金铺');
    expect(await reasonsOf(seller)).toEqual([MERCHANT]);
    const listing = await publishedListing(app, seller, { stock: 100_000, minPerOrder: 100_000 });
    const placed = await order(listing.commodityId);
    expectCode(placed, '200');
    const bought = placed.data as BrokerOrder;
    const started = await app.call(
      wapAlipay,
      { bizNo: bought.bizNo, totalAmount: bought.totalAmount, payPrice: bought.totalAmount },
      { token: buyer.token },
    );
    await t.app.inject({
      method: 'POST',
      url: `/sandbox/api/pay/${(started.data as { tradeNo: string }).tradeNo}/succeed`,
    });
    expectCode(
      await app.call(
        startOrderDelivery,
        { orderId: bought.orderId, gameAccountId: 'player2', gameRoleId: seller.info.roleId },
        { token: seller.token },
      ),
      '200',
    );
    expect(
      (await app.call(brokerConfirmOrder, { orderId: bought.orderId }, { token: buyer.token })).data,
    ).toMatchObject({
      status: 112,
    });
    // Sold out, the order finished: the broker still holds ¥14.55 (¥15.00 less the 3 % fee) for him.
    expectCode(await leave(seller), '10002', '您有待入账的订单货款 ¥14.55，入账后才能退出商户');
    expect(await standing(seller)).toMatchObject({ status: 'approved' });
    await t.app.inject({ method: 'POST', url: '/dev/sweep', payload: { aheadMinutes: 25 * 60 } });
    expect((await leave(seller)).data).toMatchObject({ status: 'left' });
    expect(await reasonsOf(seller)).toEqual(['您的账户还有余额 ¥14.55，请先提现后再注销']);
    await wallet.drain(seller.userId);
    expect(await reasonsOf(seller)).toEqual([]);
  });
});

describe(`leaving races what would add to his holdings (${testDb})`, () => {
  const ROUNDS = 5;
  const onSaleOfLeft = () =>
    t.db
      .selectFrom('merchants')
      .innerJoin('broker_listings', 'broker_listings.merchant_id', 'merchants.id')
      .select('broker_listings.id')
      .where('merchants.status', '=', 'left')
      .where('broker_listings.status', '=', 0)
      .where('broker_listings.stock', '>', 0)
      .where('broker_listings.deleted_at', 'is', null)
      .execute();
  let racer: Player;
  beforeAll(async () => {
    racer = await sdkPlayer(t, sdk, 'player3', '1366400');
  });

  it('stock added while he leaves (restock of a sold-out listing, back on sale): never both', async () => {
    const outcomes = { added: 0, left: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      // Approved (again: a merchant who left may apply again), a listing with its stock at zero.
      await approvedMerchant(t, app, racer.token, '竞速金铺');
      const listing = await publishedListing(app, racer, { stock: 200_000 });
      const { commodityId } = listing;
      expectCode(await app.call(updateCommodityStock, { commodityId, stock: 0 }, { token: racer.token }), '200');
      if (round % 2 === 1) {
        // The other way stock comes back: a delisted listing with stock put on sale.
        expectCode(await app.call(brokerDownShelf, { commodityId }, { token: racer.token }), '200');
        await t.db
          .updateTable('broker_listings')
          .set({ stock: 200_000 })
          .where('id', '=', Number(commodityId))
          .execute();
      }
      const [add, leaving] = await Promise.allSettled([
        round % 2 === 1
          ? app.call(brokerOnShelf, { commodityId }, { token: racer.token })
          : app.call(updateCommodityStock, { commodityId, stock: 200_000 }, { token: racer.token }),
        leaveMerchant(t.db, racer.userId, BROKER_GAME),
      ]);
      const added = add.status === 'fulfilled' && add.value.code === '200';
      const left = leaving.status === 'fulfilled';
      expect(added !== left, `round ${round}: exactly one of them`).toBe(true);
      if (added) expect((leaving as PromiseRejectedResult).reason).toMatchObject({ message: ON_SALE });
      else
        expect((add as PromiseFulfilledResult<{ msg: string }>).value.msg).toMatch(
          /该商人暂停营业|您已退出该游戏的商户/,
        );
      outcomes[added ? 'added' : 'left']++;
      if (added) {
        // Off sale again, then he leaves for the next round.
        expectCode(await app.call(brokerDownShelf, { commodityId }, { token: racer.token }), '200');
        expectCode(await leave(racer), '200');
      }
    }
    expect(outcomes.added + outcomes.left).toBe(ROUNDS);
    expect(await onSaleOfLeft()).toEqual([]);
  });

  it('an order placed while he leaves: the order stands and he stays', async () => {
    await approvedMerchant(t, app, racer.token, '竞速金铺');
    for (let round = 0; round < ROUNDS; round++) {
      const listing = await publishedListing(app, racer, { stock: 100_000, minPerOrder: 100_000 });
      const [placed, leaving] = await Promise.allSettled([
        placeBrokerOrder(
          { db: t.db, gateway: t.app.gateway, releaseHolds: (trx, id) => releasePayableHolds(trx, 'broker', id) },
          knownCaller(buyer.userId),
          {
            commodityId: listing.commodityId,
            quantity: 100_000,
            gameAccountId: 'buyer1',
            gameRoleId: buyer.info.roleId,
            requestKey: bidKey('race'),
            agreement: true,
          },
        ),
        leaveMerchant(t.db, racer.userId, BROKER_GAME),
      ]);
      // Leaving first sees the listing on sale; after the order, the order running (the last coins sold).
      expect(placed.status).toBe('fulfilled');
      expect(leaving.status).toBe('rejected');
      expect([ON_SALE, RUNNING]).toContain(((leaving as PromiseRejectedResult).reason as Error).message);
      expect(await standing(racer)).toMatchObject({ status: 'approved' });
      const { orderId } = (placed as PromiseFulfilledResult<BrokerOrder>).value;
      expectCode(await app.call(brokerCancelOrder, { orderId }, { token: buyer.token }), '200');
      expectCode(await app.call(brokerDownShelf, { commodityId: listing.commodityId }, { token: racer.token }), '200');
    }
    expect((await leave(racer)).data).toMatchObject({ status: 'left' });
    expect(await onSaleOfLeft()).toEqual([]);
  });
});
