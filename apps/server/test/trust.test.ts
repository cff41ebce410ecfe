import { publishCoin } from '@app/protocol/calls/consignment';
import { commodityDetail } from '@app/protocol/calls/exchange';
import { itemConfirm } from '@app/protocol/calls/orders';
import type { CallOutput } from '@app/protocol/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectCode, sdkPlayer, useTestApp, useTestClient } from './helpers';
import { deliveredCoinOrder } from './order-fixture';

type Detail = CallOutput<typeof commodityDetail>;

const t = useTestApp();
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');
let seller: Awaited<ReturnType<typeof sdkPlayer>>;
let buyer: Awaited<ReturnType<typeof sdkPlayer>>;
beforeAll(async () => {
  seller = await sdkPlayer(t, sdk, 'player1', '1387000');
  buyer = await sdkPlayer(t, sdk, 'buyer1', '1388000');
});

const detailOf = async (commodityId: string) => {
  const res = await app.call(commodityDetail, { commodityId }, { headers: { 'x-appid': seller.pt.gameId } });
  expectCode(res, '200');
  return res.data as Detail;
};

describe('the seller facts of a listing', () => {
  it('answers the first listing date, then the finished orders and completion rate after a sale', async () => {
    const lot = await sdk.call(
      publishCoin,
      { ...seller.pt, coinType: 2, coinNum: 10_000, price: 800 },
      { token: seller.token },
    );
    expectCode(lot, '200');
    const id = (lot.data as { commodityId: string }).commodityId;
    const before = await detailOf(id);
    expect(before.seller.listedSince).toBeGreaterThan(0);
    expect(before.seller.listedSince).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect(before.seller.finishedOrders).toBe(0);
    expect(before.seller.completionRate).toBeNull();

    const orderId = await deliveredCoinOrder(t, { sdk, app }, { seller, buyer }, 900);
    expectCode(await app.call(itemConfirm, { orderId }, { token: buyer.token }), '200');
    const after = await detailOf(id);
    expect(after.seller.soldCount).toBe(before.seller.soldCount + 1);
    expect(after.seller.finishedOrders).toBe(1);
    expect(after.seller.completionRate).toBe(100);
    expect(after.seller.listedSince).toBe(before.seller.listedSince);
  });

  it('shows a coin listing by a drawn picture, never the seller role screenshot', async () => {
    const lot = await sdk.call(
      publishCoin,
      { ...seller.pt, coinType: 2, coinNum: 20_000, price: 1_500 },
      { token: seller.token },
    );
    const detail = await detailOf((lot.data as { commodityId: string }).commodityId);
    expect(detail.firstImg).toMatch(/^\/market\/art\/coin\/\d\.svg\?/);
    expect(detail.images.map((i) => i.url)).toEqual([detail.firstImg]);
    const art = await t.app.inject({ method: 'GET', url: detail.firstImg });
    expect(art.statusCode).toBe(200);
    expect(art.body).toContain('2万');
    expect(art.body).not.toContain(seller.info.role);
  });
});

describe('image styles', () => {
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('answers a 108×108 WebP thumbnail, cached after the first time', async () => {
    const url = '/storage/styled/market/art/poster/2.svg!108x108?t=%E9%87%91%E5%B8%81';
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['cache-control']).toContain('max-age=86400');
    expect(first.headers['x-cache']).toBe('miss');
    const meta = await sharp(first.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 108, 108]);
    const second = await get(url);
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('answers rp50 at half the width and height', async () => {
    const res = await get('/storage/styled/market/art/banner/1.svg!rp50');
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([375, 150]);
  });

  it('refuses an unknown style, a path outside the server and what is not an image', async () => {
    const bad = await get('/storage/styled/market/art/banner/1.svg!999x999');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('图片样式不存在');
    expect((await get('/storage/styled/market/art/banner/1.svg')).statusCode).toBe(400);
    expect((await get('/storage/styled/market/art/a%20b.svg!rp50')).statusCode).toBe(400);
    expect((await get('/storage/styled/health!rp50')).statusCode).toBe(404);
    expect((await get('/storage/styled/storage/styled/market/art/banner/1.svg!rp50!rp50')).statusCode).toBe(400);
  });
});
