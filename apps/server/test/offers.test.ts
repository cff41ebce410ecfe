import {
  createOfferOrder,
  h5sdkBargainList,
  h5sdkCreateOfferOrder,
  h5sdkPreSaleRefuse,
  type Offer,
  offerAgree,
  offerBuyerCancel,
  offerDetail,
  offerList,
} from '@app/protocol/calls/bargain';
import { publishCoin } from '@app/protocol/calls/consignment';
import { orderInfo } from '@app/protocol/calls/orders';
import { wapAlipay } from '@app/protocol/calls/pay';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { beforeAll, describe, expect, it } from 'vitest';
import { sweepOffers } from '../src/modules/bargain/offer-moves';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { expireUnpaidOrders } from '../src/modules/orders/order.service';
import { expectCode, loginAs, sdkPlayer, useTestApp, useTestClient } from './helpers';

let seller: Awaited<ReturnType<typeof sdkPlayer>>;
let buyer: Awaited<ReturnType<typeof sdkPlayer>>;
const t = useTestApp();
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');
beforeAll(async () => {
  seller = await sdkPlayer(t, sdk, 'player1', '1381000');
  buyer = await sdkPlayer(t, sdk, 'buyer1', '1382000');
});

let keys = 0;
const listCoins = async (price: number, coinNum = 10_000) => {
  const lot = await sdk.call(publishCoin, { ...seller.pt, coinType: 2, coinNum, price }, { token: seller.token });
  expectCode(lot, '200');
  return (lot.data as { commodityId: string }).commodityId;
};
const offer = (commodityId: string, price: number, requestKey = `offer-key-${++keys}`) =>
  sdk.call(
    h5sdkCreateOfferOrder,
    { ...buyer.pt, commodityId, price, requestKey, agreement: true },
    { token: buyer.token },
  );
const detail = async (offerId: string, token = buyer.token) =>
  (await app.call(offerDetail, { offerId }, { token })).data as Offer;
const listingStatus = async (id: string) =>
  (await t.db.selectFrom('commodities').select('status').where('id', '=', Number(id)).executeTakeFirstOrThrow()).status;

describe('offers (出价)', () => {
  it('checks the price and the buyer, keeps one live offer per buyer and listing, shows it to both sides only', async () => {
    const id = await listCoins(10_000);
    expectCode(await offer(id, 10_000), '10002', '出价须低于商品售价');
    expectCode(await offer(id, 4_999), '10002', '出价不能低于售价的50%（¥50.00）');
    expectCode(
      await sdk.call(
        h5sdkCreateOfferOrder,
        { ...seller.pt, commodityId: id, price: 8_000, requestKey: 'own-offer-1', agreement: true },
        { token: seller.token },
      ),
      '40002',
    );
    const stranger = await loginAs(t, '13799990001');
    // No real name yet: the buyer checks of an order apply.
    expectCode(
      await app.call(
        createOfferOrder,
        { commodityId: id, price: 8_000, requestKey: 'stranger-1', agreement: true },
        { token: stranger.token },
      ),
      '10002',
      '请先完成实名认证',
    );
    const made = await offer(id, 8_000, 'offer-same-key');
    expectCode(made, '200');
    const o = made.data as Offer;
    expect(o).toMatchObject({ status: 11, statusLabel: '出价中，等待卖家回应', price: 8_000, listPrice: 10_000 });
    expect(o.deadline).toBeGreaterThan(Date.now() / 1000 + 23 * 3600);
    // The same request again answers the same offer; another one is refused while it lives.
    expect(((await offer(id, 8_000, 'offer-same-key')).data as Offer).offerId).toBe(o.offerId);
    expectCode(await offer(id, 9_000), '10002', '您已对该商品出价，请等待卖家回应');
    expect(await detail(o.offerId, seller.token)).toMatchObject({
      viewer: 2,
      statusLabel: '买家出价，请在倒计时内处理',
    });
    expectCode(await app.call(offerDetail, { offerId: o.offerId }, { token: stranger.token }), '10002', '出价不存在');
    const received = (await sdk.call(h5sdkBargainList, { ...seller.pt, viewer: 2 }, { token: seller.token })).data as {
      list: Offer[];
    };
    expect(received.list.map((x) => x.offerId)).toContain(o.offerId);
    const made1 = (await app.call(offerList, { viewer: 1 }, { token: buyer.token })).data as { list: Offer[] };
    expect(made1.list[0]).toMatchObject({ offerId: o.offerId, viewer: 1 });
    // Nothing is reserved by an offer.
    expect(await listingStatus(id)).toBe(ListingStatus.ON_SALE);

    // The buyer withdraws; the seller can no longer agree.
    expectCode(await app.call(offerBuyerCancel, { offerId: o.offerId }, { token: seller.token }), '10002');
    expect((await app.call(offerBuyerCancel, { offerId: o.offerId }, { token: buyer.token })).data).toMatchObject({
      status: 51,
      statusLabel: '您已撤回出价',
    });
    expectCode(
      await app.call(offerAgree, { offerId: o.offerId }, { token: seller.token }),
      '10002',
      '出价已处理或已失效',
    );
    // A new offer may follow; the seller refuses it.
    const again = (await offer(id, 7_000)).data as Offer;
    expect(
      (
        await sdk.call(
          h5sdkPreSaleRefuse,
          { ...seller.pt, offerId: again.offerId, reason: '价格太低' },
          { token: seller.token },
        )
      ).data,
    ).toMatchObject({ status: 53, statusLabel: '您已拒绝', note: '卖家：价格太低' });
    expect(await detail(again.offerId)).toMatchObject({ statusLabel: '卖家已拒绝' });
  });

  it('agreeing places the buyer’s order at the offered price and reserves the listing; paid, the offer is complete', async () => {
    const id = await listCoins(20_000, 20_000);
    const o = (await offer(id, 15_000)).data as Offer;
    const agreed = (await app.call(offerAgree, { offerId: o.offerId }, { token: seller.token })).data as Offer;
    expect(agreed).toMatchObject({ status: 21, statusLabel: '已同意，等待买家付款' });
    expect(agreed.deadline).toBeGreaterThan(Date.now() / 1000 + 110 * 60);
    expect(await listingStatus(id)).toBe(ListingStatus.SELLING);
    const order = (await app.call(orderInfo, { orderId: agreed.orderId! }, { token: buyer.token })).data as {
      price: number;
      totalAmount: number;
      status: number;
    };
    expect(order).toMatchObject({ price: 15_000, status: 1 });
    // The seller's fee follows the offered price.
    const sellerView = (await app.call(orderInfo, { orderId: agreed.orderId! }, { token: seller.token })).data as {
      sellerFee: number;
      sellerReceive: number;
    };
    expect(sellerView.sellerFee + sellerView.sellerReceive).toBe(15_000);
    // Agreeing twice changes nothing.
    expectCode(
      await app.call(offerAgree, { offerId: o.offerId }, { token: seller.token }),
      '10002',
      '出价已处理或已失效',
    );

    const pay = (
      await app.call(
        wapAlipay,
        { bizNo: agreed.orderId!, totalAmount: order.totalAmount, payPrice: order.totalAmount },
        { token: buyer.token },
      )
    ).data as { tradeNo: string };
    await t.app.inject({ method: 'POST', url: `/sandbox/api/pay/${pay.tradeNo}/succeed` });
    expect(await detail(o.offerId)).toMatchObject({ status: 61, statusLabel: '交易完成', deadline: null });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('an agreed offer the buyer does not pay lapses with its order; the listing is on sale again', async () => {
    const id = await listCoins(30_000, 30_000);
    const o = (await offer(id, 20_000)).data as Offer;
    const agreed = (await app.call(offerAgree, { offerId: o.offerId }, { token: seller.token })).data as Offer;
    expect(await expireUnpaidOrders({ db: t.db, gateway: t.app.gateway }, Date.now() + 60 * 60_000)).toBe(0);
    expect(await expireUnpaidOrders({ db: t.db, gateway: t.app.gateway }, Date.now() + 121 * 60_000)).toBe(1);
    expect(await sweepOffers({ db: t.db, gateway: t.app.gateway })).toMatchObject({ followed: 1 });
    expect(await detail(agreed.offerId)).toMatchObject({ status: 41, statusLabel: '付款超时，出价已失效' });
    expect(await listingStatus(id)).toBe(ListingStatus.ON_SALE);
  });

  it('an unanswered offer lapses after 24 hours; a withdrawal racing the agreement: exactly one wins', async () => {
    const id = await listCoins(40_000, 40_000);
    const o = (await offer(id, 30_000)).data as Offer;
    expect(await sweepOffers({ db: t.db, gateway: t.app.gateway }, Date.now() + 23 * 3_600_000)).toMatchObject({
      lapsed: 0,
    });
    expect(await sweepOffers({ db: t.db, gateway: t.app.gateway }, Date.now() + 25 * 3_600_000)).toMatchObject({
      lapsed: 1,
    });
    expect(await detail(o.offerId)).toMatchObject({ status: 55, note: '卖家未在24小时内回应' });
    expectCode(
      await app.call(offerAgree, { offerId: o.offerId }, { token: seller.token }),
      '10002',
      '出价已处理或已失效',
    );

    for (let i = 0; i < 3; i++) {
      const racing = (await offer(id, 30_000 + i * 100)).data as Offer;
      const [agree, cancel] = await Promise.all([
        app.call(offerAgree, { offerId: racing.offerId }, { token: seller.token }),
        app.call(offerBuyerCancel, { offerId: racing.offerId }, { token: buyer.token }),
      ]);
      expect([agree.code, cancel.code].filter((c) => c === '200')).toHaveLength(1);
      const now = await detail(racing.offerId);
      const orders = await t.db
        .selectFrom('orders')
        .select(['id', 'status'])
        .where('request_key', '=', `offer-${racing.offerId}`)
        .execute();
      if (agree.code === '200') {
        expect(now.status).toBe(21);
        expect(orders).toHaveLength(1);
        expect(await listingStatus(id)).toBe(ListingStatus.SELLING);
        await expireUnpaidOrders({ db: t.db, gateway: t.app.gateway }, Date.now() + 121 * 60_000);
      } else {
        expect(now.status).toBe(51);
        expect(orders).toHaveLength(0);
      }
      expect(await listingStatus(id)).toBe(ListingStatus.ON_SALE);
    }
  });
});
