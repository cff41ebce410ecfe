import {
  bargainSetting,
  h5sdkBargainList,
  h5sdkBuyerCancel,
  h5sdkPreSaleAgree,
  h5sdkPreSaleList,
  type Offer,
} from '@app/protocol/calls/bargain';
import { publishCoin, publishPreSale } from '@app/protocol/calls/consignment';
import { downShelf, h5sdkUpdatePreSaleInfo, onShelf } from '@app/protocol/calls/consignment-shelf';
import { checkIsMyOrder, orderInfo } from '@app/protocol/calls/orders';
import { balancePay } from '@app/protocol/calls/pay';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { OrderStatus } from '@app/protocol/statuses/order-status';
import { beforeAll, describe, expect, it } from 'vitest';
import { Accounts, balanceOf, transfer } from '../src/modules/ledger/ledger';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { expectCode, loginAs, sdkPlayer, sentOffer, TEST_PAY_PIN, useTestApp, useTestClient } from './helpers';

/**
 * The game view's pre-sale calls (business-flows §5, the h5sdk scene): publishPreSale,
 * updatePreSaleInfo, preSaleList, preSaleAgree, buyerCancel and checkIsMyOrder, each with wrong
 * input and a repeated request; and a repeated balance payment of the order a pre-sale offer placed.
 */
const t = useTestApp();
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');
let seller: Awaited<ReturnType<typeof sdkPlayer>>;
let buyer: Awaited<ReturnType<typeof sdkPlayer>>;
/** Another seller, of coins (a role on sale cannot sell its coins). */
let coinSeller: Awaited<ReturnType<typeof sdkPlayer>>;
beforeAll(async () => {
  seller = await sdkPlayer(t, sdk, 'player2', '1383100');
  buyer = await sdkPlayer(t, sdk, 'buyer1', '1383200');
  coinSeller = await sdkPlayer(t, sdk, 'player3', '1383300');
  // The role's screenshots, which a role listing needs.
  await t.app.inject({
    method: 'POST',
    url: '/demo-game/api/screenshots',
    headers: { 'x-game-token': seller.info.gameToken },
  });
});

const listing = (id: string) =>
  t.db
    .selectFrom('commodities')
    .select(['status', 'sale_type', 'price_fen', 'deliver_days', 'description', 'updated_at'])
    .where('id', '=', Number(id))
    .executeTakeFirstOrThrow();
const listingCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('commodities')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
let keys = 0;
const offerKey = () => `pre-sale-in-game-${++keys}`;

/** The seller's pre-sale listing of his role, made once for the file (a role is listed once). */
let preSaleId = '';

describe('publishPreSale (the game view)', () => {
  it('refuses wrong input and lists nothing; lists the role for pre-sale; the same role again is refused', async () => {
    const before = await listingCount();
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ price: 100_000, deliverDays: 0 }, ''],
      [{ price: 100_000, deliverDays: 31 }, ''],
      [{ price: 100_000 }, ''],
      [{ price: 12_345, deliverDays: 3 }, '角色价格须为整数元'],
      [{ price: -1, deliverDays: 3 }, '请输入正确的价格'],
      [{ price: 100_000, deliverDays: 3, designatedTradeId: '99999999' }, '买家唯一码不存在，请核对后重试'],
    ];
    for (const [input, msg] of bad) {
      const res = await sdk.call(publishPreSale, { ...seller.pt, ...input } as never, { token: seller.token });
      expectCode(res, '10002', msg || undefined);
      expect(res.msg).not.toBe('');
    }
    expect(await listingCount()).toBe(before);
    // The game token alone is no exchange account.
    expectCode(await sdk.call(publishPreSale, { ...seller.pt, price: 100_000, deliverDays: 3 }), '50000');

    const res = await sdk.call(
      publishPreSale,
      { ...seller.pt, price: 100_000, deliverDays: 3 },
      { token: seller.token },
    );
    expectCode(res, '200');
    preSaleId = (res.data as { commodityId: string }).commodityId;
    expect(await listing(preSaleId)).toMatchObject({
      status: ListingStatus.ON_SALE,
      sale_type: 1,
      deliver_days: 3,
    });
    const again = await sdk.call(
      publishPreSale,
      { ...seller.pt, price: 100_000, deliverDays: 3 },
      { token: seller.token },
    );
    expectCode(again, '10002', '角色已被其他商品冻结');
    const onSale = await t.db
      .selectFrom('commodities')
      .select('id')
      .where('seller_user_id', '=', seller.userId)
      .where('status', '=', ListingStatus.ON_SALE)
      .execute();
    expect(onSale.map((r) => String(r.id))).toEqual([preSaleId]);
  });
});

describe('updatePreSaleInfo (the game view)', () => {
  const update = (input: Record<string, unknown>, token = seller.token) =>
    sdk.call(h5sdkUpdatePreSaleInfo, { ...seller.pt, commodityId: preSaleId, ...input } as never, { token });

  it('changes a delisted pre-sale only, by its seller, with valid values; a repeat answers the same', async () => {
    expectCode(await update({ price: 90_000 }), '10002', '请先下架商品');
    expectCode(await app.call(downShelf, { commodityId: preSaleId }, { token: seller.token }), '200');
    const bad: Array<[Record<string, unknown>, string | undefined]> = [
      [{ deliverDays: 0 }, undefined],
      [{ deliverDays: 31 }, undefined],
      [{ description: '字'.repeat(201) }, '描述最多200字'],
      [{ price: 90_050 }, '角色价格须为整数元'],
      [{ price: 0 }, '请输入正确的价格'],
    ];
    for (const [input, msg] of bad) expectCode(await update(input), '10002', msg);
    expect(await listing(preSaleId)).toMatchObject({ price_fen: 100_000, deliver_days: 3 });
    // Another user's session, or none: nothing changes.
    expectCode(await update({ price: 90_000 }, buyer.token), '30001');
    expectCode(
      await sdk.call(h5sdkUpdatePreSaleInfo, { ...seller.pt, commodityId: preSaleId, price: 90_000 }),
      '50000',
    );
    expect(await listing(preSaleId)).toMatchObject({ price_fen: 100_000, deliver_days: 3 });

    const change = { price: 90_000, deliverDays: 5, description: '五天内交付' };
    const first = await update(change);
    expectCode(first, '200');
    expect(first.data).toMatchObject({ price: 90_000 });
    expect(await listing(preSaleId)).toMatchObject({ price_fen: 90_000, deliver_days: 5, description: '五天内交付' });
    const repeat = await update(change);
    expectCode(repeat, '200');
    expect(repeat.data).toEqual(first.data);
    // A repeat changes nothing, its updated_at neither: otherwise two answers a second's turn apart differ.
    const earlier = new Date(Math.floor(Date.now() / 1000) * 1000 - 3_600_000);
    await t.db.updateTable('commodities').set({ updated_at: earlier }).where('id', '=', Number(preSaleId)).execute();
    expectCode(await update(change), '200');
    expect((await listing(preSaleId)).updated_at).toEqual(earlier);
    expectCode(await app.call(onShelf, { commodityId: preSaleId }, { token: seller.token }), '200');
    expect((await listing(preSaleId)).status).toBe(ListingStatus.ON_SALE);
  });

  it('refuses a listing that is no pre-sale', async () => {
    const lot = await sdk.call(
      publishCoin,
      { ...coinSeller.pt, coinType: 2, coinNum: 10_000, price: 10_000 },
      { token: coinSeller.token },
    );
    expectCode(lot, '200');
    const coins = (lot.data as { commodityId: string }).commodityId;
    await app.call(downShelf, { commodityId: coins }, { token: coinSeller.token });
    expectCode(
      await sdk.call(
        h5sdkUpdatePreSaleInfo,
        { ...coinSeller.pt, commodityId: coins, price: 9_000 },
        { token: coinSeller.token },
      ),
      '10002',
      '该商品不是预售商品',
    );
    expect((await listing(coins)).price_fen).toBe(10_000);
  });
});

describe('preSaleList, buyerCancel, preSaleAgree, checkIsMyOrder (the game view)', () => {
  const preSaleList = async (who: { pt: object; token: string }, viewer: 1 | 2) =>
    ((await sdk.call(h5sdkPreSaleList, { ...who.pt, viewer } as never, { token: who.token })).data as { list: Offer[] })
      .list;
  const clients = () => ({ sdk, app });

  it('lists the 出价 on pre-sales only, for the buyer and the seller; a wrong viewer is refused', async () => {
    // A 还价 on one of the seller's coin lots: in bargainList, never in preSaleList.
    const lot = await sdk.call(
      publishCoin,
      { ...coinSeller.pt, coinType: 2, coinNum: 10_000, price: 20_000 },
      { token: coinSeller.token },
    );
    const coins = (lot.data as { commodityId: string }).commodityId;
    expectCode(
      await app.call(
        bargainSetting,
        { commodityId: coins, allowBargain: true, floorPrice: null },
        { token: coinSeller.token },
      ),
      '200',
    );
    const bargain = await sentOffer(t, clients(), buyer, coins, 15_000, offerKey());
    const offer = await sentOffer(t, clients(), buyer, preSaleId, 80_000, offerKey());
    expect(offer).toMatchObject({ flow: 'offer' });
    expect(bargain).toMatchObject({ flow: 'bargain' });

    expect((await preSaleList(buyer, 1)).map((o) => o.offerId)).toEqual([offer.offerId]);
    expect((await preSaleList(seller, 2)).map((o) => o.offerId)).toEqual([offer.offerId]);
    expect(await preSaleList(seller, 1)).toEqual([]);
    expect(await preSaleList(coinSeller, 2)).toEqual([]);
    const all = (await sdk.call(h5sdkBargainList, { ...buyer.pt, viewer: 1 }, { token: buyer.token })).data as {
      list: Offer[];
    };
    expect(all.list.map((o) => o.offerId).sort()).toEqual([bargain.offerId, offer.offerId].sort());
    expectCode(await sdk.call(h5sdkPreSaleList, { ...buyer.pt, viewer: 3 } as never, { token: buyer.token }), '10002');
    expectCode(
      await sdk.call(h5sdkPreSaleList, { ...buyer.pt, viewer: 1, pageSize: 51 }, { token: buyer.token }),
      '10002',
    );
    expectCode(await sdk.call(h5sdkPreSaleList, { ...buyer.pt, viewer: 1 }), '50000');

    // buyerCancel: only the buyer, once; the deposit goes back the way it was paid.
    const cancel = (token: string, offerId = bargain.offerId) =>
      sdk.call(h5sdkBuyerCancel, { ...buyer.pt, offerId }, { token });
    expectCode(await cancel(coinSeller.token), '10002', '只有出价的买家可以撤回');
    expectCode(await cancel(buyer.token, 'x1'), '10002');
    const available = (await balanceOf(t.db, Accounts.userAvailable(buyer.userId))).available;
    const cancelled = await cancel(buyer.token);
    expectCode(cancelled, '200');
    expect(cancelled.data).toMatchObject({ offerId: bargain.offerId, status: 51 });
    expectCode(await cancel(buyer.token), '10002', '出价已处理或已失效');
    // Paid through 支付宝: it goes back that way (原路退回), not to the balance.
    expect((await balanceOf(t.db, Accounts.userAvailable(buyer.userId))).available).toBe(available);
    const refunded = await t.db
      .selectFrom('refunds')
      .select(['status', 'amount_fen'])
      .where('purpose', '=', 'deposit')
      .where('ref', '=', Number(bargain.deposit!.bizNo.slice(1)))
      .execute();
    expect(refunded.map((r) => [r.status, Number(r.amount_fen)])).toEqual([['succeeded', bargain.deposit!.amount]]);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('preSaleAgree by the seller once places the buyer’s order; checkIsMyOrder finds it for the buyer only', async () => {
    const [offer] = await preSaleList(seller, 2);
    if (!offer) throw new Error('the 出价 of the test before');
    const agree = (token: string, offerId = offer.offerId) =>
      sdk.call(h5sdkPreSaleAgree, { ...seller.pt, offerId }, { token });
    const isMine = (token: string, commodityId = preSaleId) => app.call(checkIsMyOrder, { commodityId }, { token });

    expect((await isMine(buyer.token)).data).toEqual({ orderId: null, status: null });
    expectCode(await agree(buyer.token), '10002', '只有卖家可以处理出价');
    expectCode(await agree(seller.token, 'not-an-id'), '10002');
    expectCode(await sdk.call(h5sdkPreSaleAgree, { ...seller.pt, offerId: offer.offerId }), '50000');
    expect((await listing(preSaleId)).status).toBe(ListingStatus.ON_SALE);

    const agreed = await agree(seller.token);
    expectCode(agreed, '200');
    expect(agreed.data).toMatchObject({ offerId: offer.offerId, status: 21 });
    const orderId = (agreed.data as { orderId: string | null }).orderId;
    expect(orderId).toMatch(/^\d+$/);
    expectCode(await agree(seller.token), '10002', '出价已处理或已失效');
    const orders = await t.db.selectFrom('orders').select('id').where('commodity_id', '=', Number(preSaleId)).execute();
    expect(orders.map((o) => String(o.id))).toEqual([orderId]);

    expect((await isMine(buyer.token)).data).toEqual({ orderId, status: OrderStatus.AWAITING_PAYMENT });
    // Asked again, the same answer; the seller and a stranger have no order of it.
    expect((await isMine(buyer.token)).data).toEqual({ orderId, status: OrderStatus.AWAITING_PAYMENT });
    expect((await isMine(seller.token)).data).toEqual({ orderId: null, status: null });
    const stranger = await loginAs(t, '13799993001');
    expect((await isMine(stranger.token)).data).toEqual({ orderId: null, status: null });
    expectCode(await isMine(buyer.token, 'abc'), '10002');
    expectCode(await app.call(checkIsMyOrder, { commodityId: preSaleId }), '50000');
  });

  it('a repeated balance payment of that order is refused and takes the money once', async () => {
    const [offer] = await preSaleList(buyer, 1);
    const orderId = offer!.orderId!;
    const order = (await app.call(orderInfo, { orderId }, { token: buyer.token })).data as { totalAmount: number };
    await transfer(t.db, {
      key: 'pre-sale-in-game-topup',
      debit: Accounts.gateway('sandbox'),
      credit: Accounts.userAvailable(buyer.userId),
      amount: order.totalAmount * 2,
      code: 'topup',
    });
    const before = (await balanceOf(t.db, Accounts.userAvailable(buyer.userId))).available;
    const pay = () =>
      app.call(
        balancePay,
        { payPassword: TEST_PAY_PIN, bizNo: orderId, totalAmount: order.totalAmount, balancePrice: order.totalAmount },
        { token: buyer.token },
      );
    expectCode(
      await app.call(
        balancePay,
        {
          payPassword: TEST_PAY_PIN,
          bizNo: orderId,
          totalAmount: order.totalAmount - 1,
          balancePrice: order.totalAmount - 1,
        },
        { token: buyer.token },
      ),
      '10002',
      '支付金额与订单金额不一致，请刷新后重试',
    );
    // Two at once (a double tap the page's guard did not stop): one pays, the other is refused.
    const answers = await Promise.all([pay(), pay()]);
    expect(answers.map((a) => a.code).sort()).toEqual(['10002', '200']);
    expectCode(await pay(), '10002', '订单已支付或已关闭');
    expect((await balanceOf(t.db, Accounts.userAvailable(buyer.userId))).available).toBe(before - order.totalAmount);
    const paid = await t.db
      .selectFrom('payments')
      .select('status')
      .where('purpose', '=', 'order')
      .where('ref', '=', Number(orderId))
      .where('status', '=', 'paid')
      .execute();
    expect(paid).toHaveLength(1);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
