import { publishCoin } from '@app/protocol/calls/consignment';
import { myCommodity } from '@app/protocol/calls/consignment-shelf';
import { commodityDetail, comparableSales } from '@app/protocol/calls/exchange';
import type { CallOutput } from '@app/protocol/contract';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectCode, sdkPlayer, useTestApp, useTestClient } from './helpers';
import { deliveredCoinOrder } from './order-fixture';

type Detail = CallOutput<typeof commodityDetail>;

let seller: Awaited<ReturnType<typeof sdkPlayer>>;
let buyer: Awaited<ReturnType<typeof sdkPlayer>>;
const t = useTestApp();
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');
beforeAll(async () => {
  seller = await sdkPlayer(t, sdk, 'player1', '1385100');
  buyer = await sdkPlayer(t, sdk, 'buyer1', '1386100');
});

describe('a sold listing', () => {
  it('stays readable for anyone with 已售出 and the price it sold for, instead of 30001', async () => {
    const orderId = await deliveredCoinOrder(t, { sdk, app }, { seller, buyer }, 6_000);
    const order = await t.db
      .selectFrom('orders')
      .select('commodity_id')
      .where('id', '=', Number(orderId))
      .executeTakeFirstOrThrow();
    const commodityId = String(order.commodity_id);
    const res = await app.call(commodityDetail, { commodityId });
    expectCode(res, '200');
    const detail = res.data as Detail;
    expect(detail.status).toBe(ListingStatus.INVALID);
    expect(detail.sold).toEqual({ price: 6_000, soldAt: expect.any(Number) });
    expect(detail.sold?.soldAt).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expectCode(await app.call(comparableSales, { commodityId }), '200');
    // On the seller's shelf it reads 已售出 once: not 已失效 with a note saying 已售出.
    const shelf = await app.call(myCommodity, { tab: 'ended' }, { token: seller.token });
    expectCode(shelf, '200');
    const item = (shelf.data as { list: Array<{ id: string; statusLabel: string; note: string | null }> }).list.find(
      (i) => i.id === commodityId,
    );
    expect(item).toMatchObject({ statusLabel: '已售出', note: null });
  });

  it('is null on a listing on sale, and a delisted one is still gone (30001)', async () => {
    const listed = await sdk.call(
      publishCoin,
      { ...seller.pt, coinType: 2, coinNum: 10_000, price: 7_000 },
      { token: seller.token },
    );
    expectCode(listed, '200');
    const commodityId = (listed.data as { commodityId: string }).commodityId;
    expect(((await app.call(commodityDetail, { commodityId })).data as Detail).sold).toBeNull();
    const delisted = await t.app.inject({ method: 'POST', url: '/dev/commodities/delist', payload: { commodityId } });
    expect(delisted.json().code).toBe('200');
    expectCode(await app.call(commodityDetail, { commodityId }), '30001');
  });
});
