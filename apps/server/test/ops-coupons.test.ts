import { publishCoin } from '@app/protocol/calls/consignment';
import { couponList, joinEvent, useCouponList } from '@app/protocol/calls/coupon';
import { h5sdkOrderPlace } from '@app/protocol/calls/orders';
import { wapAlipay } from '@app/protocol/calls/pay';
import type { CampaignPayload, OpsCampaign, OpsGrantResult } from '@app/protocol/ops-coupons';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectCode, loginAs, sdkPlayer, testDb, useTestApp, useTestClient } from './helpers';
import { opsApi } from './ops-helpers';

/**
 * 优惠券 in the console (issue 34 item 7, decision 0070): a campaign made with its templates and
 * budget, granted to a user or a segment under a grant number (a repeat grants nobody twice), never
 * past its budget (also two grants at once on PostgreSQL), its usage and cost counted from what the
 * buyers did; refused to 客服, 财务 and a player; bad input refused with nothing written; audited.
 */
const t = useTestApp({}, { timeout: 120_000 });
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');
const ops = opsApi(t);
type C = { id: string; name: string; status: string; amount: number };

let operator: string;
let cs: string;
let finance: string;
beforeAll(async () => {
  operator = await ops.login('ops-operator', 'demo-ops-123');
  cs = await ops.login('ops-cs', 'demo-cs-123');
  finance = await ops.login('ops-finance', 'demo-fin-123');
});

const DAY = 86_400_000;
const campaign = (over: Partial<CampaignPayload> = {}): CampaignPayload => ({
  title: '周末游戏币补贴',
  description: '游戏币订单满50减5',
  startsAt: Date.now() - 60_000,
  endsAt: Date.now() + 7 * DAY,
  coupons: [
    { name: '游戏币满50减5', amount: 500, threshold: 5_000, validDays: 7, applicationIds: ['demo-legend'], types: [2] },
  ],
  budgetCount: null,
  budgetFen: null,
  claimable: false,
  ...over,
});
const create = async (over: Partial<CampaignPayload> = {}) => {
  const res = await ops.call<{ eventId: string }>('POST', '/coupons/campaigns', {
    token: operator,
    body: campaign(over),
  });
  expectCode(res, '200');
  return res.data.eventId;
};
let grants = 0;
const grant = (eventId: string, target: unknown, grantId = `grant-${testDb}-${++grants}-${Date.now()}`) =>
  ops.call<OpsGrantResult>('POST', `/coupons/campaigns/${eventId}/grant`, {
    token: operator,
    body: { grantId, target, reason: '运营活动发放' },
  });
const listed = async (eventId: string) =>
  (await ops.call<{ list: OpsCampaign[] }>('GET', `/coupons/campaigns?q=${eventId}`, { token: operator })).data
    .list[0]!;
const campaignRows = () => t.db.selectFrom('coupon_events').select('id').execute();

describe(`the console's coupon campaigns (${testDb})`, () => {
  it('refuses 客服, 财务 and a player token on every route', async () => {
    const player = (await loginAs(t, '13900071001')).token;
    const eventId = await create();
    const routes: Array<['GET' | 'POST', string, unknown?]> = [
      ['GET', '/coupons/campaigns'],
      ['POST', '/coupons/campaigns', campaign()],
      ['POST', `/coupons/campaigns/${eventId}/status`, { status: 'paused', reason: '活动调整' }],
      [
        'POST',
        `/coupons/campaigns/${eventId}/grant`,
        { grantId: 'abcdefgh-1', target: { kind: 'newUsers', days: 7 }, reason: '发放' },
      ],
    ];
    for (const [method, url, body] of routes) {
      for (const token of [cs, finance]) {
        const res = await ops.call(method, url, { token, body });
        expect([res.status, res.code], `${method} ${url}`).toEqual([403, '60004']);
        expect(res.msg).toMatch(/^仅运营和管理员可以管理优惠券活动（当前角色：(客服|财务)）$/);
      }
      expect((await ops.call(method, url, { token: player, body })).status, `${method} ${url}`).toBe(401);
    }
  });

  it('refuses bad campaigns with a clear message and writes nothing', async () => {
    const before = (await campaignRows()).length;
    const cases: Array<[Partial<CampaignPayload>, string]> = [
      [{ title: '' }, '活动名称至少2个字'],
      [{ endsAt: Date.now() - 1000, startsAt: Date.now() - 2000 }, '结束时间须晚于现在'],
      [{ startsAt: Date.now() + 2 * DAY, endsAt: Date.now() + DAY }, '结束时间须晚于开始时间'],
      [{ coupons: [] }, '至少添加一张优惠券'],
      [
        { coupons: [{ name: '满5减5', amount: 500, threshold: 500, validDays: 7, applicationIds: [], types: [] }] },
        '优惠金额须小于使用门槛',
      ],
      [
        { coupons: [{ name: '零元券', amount: 0, threshold: 0, validDays: 7, applicationIds: [], types: [] }] },
        '优惠金额须大于0',
      ],
      [
        {
          coupons: [
            { name: '无此游戏', amount: 100, threshold: 0, validDays: 7, applicationIds: ['no-such-game'], types: [] },
          ],
        },
        '游戏不存在：no-such-game',
      ],
      [{ budgetCount: 0 }, '预算张数至少1张'],
    ];
    for (const [over, msg] of cases) {
      const res = await ops.call('POST', '/coupons/campaigns', { token: operator, body: campaign(over) });
      expect([res.code, res.msg], msg).toEqual(['10002', msg]);
    }
    expect((await campaignRows()).length).toBe(before);
    const grantBad = await grant('nope-nope', { kind: 'user', who: '123' });
    expect(grantBad.msg).toBe('请输入8位用户UID或11位手机号');
  });

  it('grants a user once under its number, the buyer uses it, and the usage and cost are counted; audited', async () => {
    const seller = await sdkPlayer(t, sdk, 'player1', '1337100');
    const buyer = await sdkPlayer(t, sdk, 'buyer1', '1337200');
    const eventId = await create();
    const grantId = `grant-user-${testDb}-${Date.now()}`;
    const first = await grant(eventId, { kind: 'user', who: buyer.uid }, grantId);
    expect(first.data).toEqual({ grantId, targeted: 1, users: 1, coupons: 1, fen: 500, repeated: false });
    // The same number again (a double click, a retry): its first answer, nothing granted.
    expect((await grant(eventId, { kind: 'user', who: buyer.uid }, grantId)).data).toMatchObject({
      repeated: true,
      coupons: 1,
    });
    // Another grant to the same user: he holds the campaign's coupon already.
    expect((await grant(eventId, { kind: 'user', who: buyer.uid })).data).toMatchObject({
      targeted: 1,
      users: 0,
      coupons: 0,
    });
    const mine = ((await app.call(couponList, { tab: 'unused' }, { token: buyer.token })).data as { list: C[] }).list;
    const coupon = mine.find((c) => c.name === '游戏币满50减5')!;
    expect(coupon).toMatchObject({ amount: 500, status: 'unused' });
    // A player cannot claim a campaign staff grant.
    expectCode(await app.call(joinEvent, { eventId }, { token: seller.token }), '10002', '该活动不支持领取');

    const lot = await sdk.call(
      publishCoin,
      { ...seller.pt, coinType: 2, coinNum: 50_000, price: 8_000 },
      { token: seller.token },
    );
    const commodityId = (lot.data as { commodityId: string }).commodityId;
    const usable = ((await app.call(useCouponList, { commodityId }, { token: buyer.token })).data as { list: C[] })
      .list;
    expect(usable.map((c) => c.id)).toContain(coupon.id);
    const placed = await sdk.call(
      h5sdkOrderPlace,
      { ...buyer.pt, commodityId, requestKey: `ops-coupon-${testDb}`, agreement: true, couponId: coupon.id },
      { token: buyer.token },
    );
    const order = placed.data as { orderId: string; totalAmount: number };
    expect(order.totalAmount).toBe(7_500);
    expect((await listed(eventId)).usage).toMatchObject({ granted: 1, used: 0, locked: 1, costFen: 0, gmvFen: 0 });
    const pay = (
      await app.call(wapAlipay, { bizNo: order.orderId, totalAmount: 7_500, payPrice: 7_500 }, { token: buyer.token })
    ).data as { tradeNo: string };
    await t.app.inject({ method: 'POST', url: `/sandbox/api/pay/${pay.tradeNo}/succeed` });
    expect((await listed(eventId)).usage).toEqual({
      granted: 1,
      grantedFen: 500,
      users: 1,
      used: 1,
      costFen: 500,
      locked: 0,
      expired: 0,
      gmvFen: 8_000,
    });
    const audit = await t.db
      .selectFrom('staff_audit')
      .selectAll()
      .where('action', '=', 'coupon.grant')
      .where('target_user_id', '=', buyer.userId)
      .execute();
    expect(audit.length).toBe(2);
    expect(audit[0]!.after).toMatchObject({ eventId, grantId, coupons: 1, reason: '运营活动发放' });
  });

  it('grants a segment of new users, and never past the budget', async () => {
    for (let i = 0; i < 3; i++) await loginAs(t, `1390007200${i}`);
    const eventId = await create({ budgetCount: 2 });
    const over = await grant(eventId, { kind: 'newUsers', days: 1 });
    expect(over.code).toBe('10002');
    expect(over.msg).toMatch(/^预算不足：本次需发放\d+张，剩余2张$/);
    expect((await listed(eventId)).usage.granted).toBe(0);
    const wide = await create({ budgetFen: 100_000 });
    const done = await grant(wide, { kind: 'newUsers', days: 1 });
    expect(done.code).toBe('200');
    expect(done.data.users).toBeGreaterThanOrEqual(3);
    expect(done.data.fen).toBe(done.data.users * 500);
    expect((await listed(wide)).usage).toMatchObject({ granted: done.data.coupons, users: done.data.users });
    expect((await grant(wide, { kind: 'gameBuyers', applicationId: 'demo-legend', days: 1 })).code).toBe('200');
  });

  it('pauses, resumes and ends a campaign with a reason; a paused or ended one grants nothing', async () => {
    const eventId = await create();
    const move = (status: string, reason = '活动调整') =>
      ops.call('POST', `/coupons/campaigns/${eventId}/status`, { token: operator, body: { status, reason } });
    expect((await move('paused', '')).msg).toBe('请填写原因（至少2个字）');
    expectCode(await move('paused'), '200');
    expect((await grant(eventId, { kind: 'newUsers', days: 1 })).msg).toBe('活动已暂停');
    expectCode(await move('live'), '200');
    expectCode(await move('ended'), '200');
    expect((await grant(eventId, { kind: 'newUsers', days: 1 })).msg).toBe('活动已结束');
    expect((await move('live')).msg).toBe('活动已结束，不能再开启');
    expect((await listed(eventId)).status).toBe('ended');
  });

  it.runIf(testDb === 'postgres')(
    'two grants at once never pass the budget, and one number at once grants once',
    async () => {
      for (let i = 0; i < 4; i++) await loginAs(t, `1390007300${i}`);
      const eventId = await create({ budgetCount: 1 });
      const [a, b] = await Promise.all([
        grant(eventId, { kind: 'user', who: '13900073000' }),
        grant(eventId, { kind: 'user', who: '13900073001' }),
      ]);
      expect([a.code, b.code].sort()).toEqual(['10002', '200']);
      expect((await listed(eventId)).usage.granted).toBe(1);
      const wide = await create();
      const same = `grant-same-${Date.now()}`;
      const both = await Promise.all([
        grant(wide, { kind: 'user', who: '13900073002' }, same),
        grant(wide, { kind: 'user', who: '13900073002' }, same),
      ]);
      expect(both.map((r) => r.code)).toEqual(['200', '200']);
      expect(both.map((r) => r.data.repeated).sort()).toEqual([false, true]);
      expect((await listed(wide)).usage.granted).toBe(1);
    },
  );
});
