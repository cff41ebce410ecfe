import { publishCoin } from '@app/protocol/calls/consignment';
import { cannotUseCouponList, couponList, joinEvent, joinEventDetail, useCouponList } from '@app/protocol/calls/coupon';
import { cancelOrder, h5sdkOrderPlace, itemConfirm } from '@app/protocol/calls/orders';
import { wapAlipay } from '@app/protocol/calls/pay';
import { describe, expect, it } from 'vitest';
import { Accounts, balanceOf } from '../src/modules/ledger/ledger';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { sweepDeliveries } from '../src/modules/orders/delivery.service';
import { expectCode, sdkPlayer, useTestApp, useTestClient } from './helpers';

const t = useTestApp();
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');

const _seq = 0;
const sdkUser = (account: string) => sdkPlayer(t, sdk, account, '1330000');

type C = { id: string; name: string; status: string; reason: string | null };

describe('coupons', () => {
  it('are granted once by an event, fit a listing or say why not, are held by an order, used when it is paid, and paid by the platform', async () => {
    const seller = await sdkUser('player1');
    const buyer = await sdkUser('buyer1');
    expect((await app.call(joinEventDetail, { eventId: 'newcomer' }, { token: buyer.token })).data).toMatchObject({
      title: '新人礼包',
      joined: false,
    });
    const granted = (await app.call(joinEvent, { eventId: 'newcomer' }, { token: buyer.token })).data as {
      granted: C[];
    };
    expect(granted.granted.map((c) => c.name)).toEqual(['全场满100减5', '角色满500减30', '传奇·演示游戏币满50减3']);
    expectCode(
      await app.call(joinEvent, { eventId: 'newcomer' }, { token: buyer.token }),
      '10002',
      '您已领取过该活动的优惠券',
    );
    expectCode(await app.call(joinEvent, { eventId: 'nope' }, { token: buyer.token }), '10002', '活动不存在');

    const listed = await sdk.call(
      publishCoin,
      { ...seller.pt, coinType: 2, coinNum: 50_000, price: 6_000 },
      { token: seller.token },
    );
    const commodityId = (listed.data as { commodityId: string }).commodityId;
    const usable = ((await app.call(useCouponList, { commodityId }, { token: buyer.token })).data as { list: C[] })
      .list;
    expect(usable.map((c) => c.name)).toEqual(['传奇·演示游戏币满50减3']);
    const unusable = (
      (await app.call(cannotUseCouponList, { commodityId }, { token: buyer.token })).data as { list: C[] }
    ).list;
    expect(Object.fromEntries(unusable.map((c) => [c.name, c.reason]))).toEqual({
      全场满100减5: '订单金额未满¥100.00',
      角色满500减30: '仅限角色类商品使用',
    });

    const couponId = usable[0]!.id;
    const place = (key: string, coupon = couponId) =>
      sdk.call(
        h5sdkOrderPlace,
        { ...buyer.pt, commodityId, requestKey: key, agreement: true, couponId: coupon },
        { token: buyer.token },
      );
    const first = await place('coupon-order-1');
    expect(first.data).toMatchObject({ price: 6_000, couponAmount: 300, totalAmount: 5_700 });
    const mine = ((await app.call(couponList, { tab: 'unused' }, { token: buyer.token })).data as { list: C[] }).list;
    expect(mine.find((c) => c.id === couponId)?.status).toBe('locked');
    await app.call(cancelOrder, { orderId: (first.data as { orderId: string }).orderId }, { token: buyer.token });
    expect(
      ((await app.call(couponList, { tab: 'unused' }, { token: buyer.token })).data as { list: C[] }).list.find(
        (c) => c.id === couponId,
      )?.status,
    ).toBe('unused');

    const second = (await place('coupon-order-2')).data as { orderId: string; totalAmount: number };
    const pay = (
      await app.call(wapAlipay, { bizNo: second.orderId, totalAmount: 5_700, payPrice: 5_700 }, { token: buyer.token })
    ).data as { tradeNo: string };
    await t.app.inject({ method: 'POST', url: `/sandbox/api/pay/${pay.tradeNo}/succeed` });
    expect(
      ((await app.call(couponList, { tab: 'used' }, { token: buyer.token })).data as { list: C[] }).list.map(
        (c) => c.id,
      ),
    ).toEqual([couponId]);
    await sweepDeliveries({ db: t.db, gateway: t.app.gateway });
    expectCode(await app.call(itemConfirm, { orderId: second.orderId }, { token: buyer.token }), '200');
    // The seller gets the full price less their fee; the platform paid the 3 yuan.
    expect(await balanceOf(t.db, Accounts.userAvailable(seller.userId))).toMatchObject({ incoming: 5_700 });
    expect((await balanceOf(t.db, Accounts.subsidies)).posted).toBe(-300);
    expect((await balanceOf(t.db, Accounts.fees)).posted).toBe(300);
    await sweepDeliveries({ db: t.db, gateway: t.app.gateway }, Date.now() + 25 * 3_600_000);
    expect(await balanceOf(t.db, Accounts.userAvailable(seller.userId))).toMatchObject({
      available: 5_700,
      incoming: 0,
    });
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
