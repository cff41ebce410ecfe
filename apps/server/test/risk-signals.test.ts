import type { OpsRiskSignal } from '@app/protocol/ops-risk';
import { beforeAll, describe, expect, it } from 'vitest';
import { detectRisks } from '../src/modules/risk/risk.service';
import { riskDb } from '../src/modules/risk/risk.tables';
import { withdrawalHoldOf } from '../src/modules/withdrawal/withdrawal-holds';
import { issueSession } from '../src/platform/auth/sessions';
import { expectCode, loginAs, sdkPlayer, testDb, useTestApp, useTestClient } from './helpers';
import { opsApi } from './ops-helpers';
import { orderFixture } from './order-fixture';

/**
 * 风控 (issue 34 item 8, decision 0071): the sweep raises each signal once from the facts the owning
 * modules answer — a trade between two accounts of one device, a new account selling a dear role,
 * three accounts on one device, three refused receipts in a day — and staff dismiss or act on it with
 * a note, once; refused to 客服 and 财务.
 */
const t = useTestApp({ SWEEP_MS: '0' }, { timeout: 120_000 });
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');
const ops = opsApi(t);
let seller: Awaited<ReturnType<typeof sdkPlayer>>;
let buyer: Awaited<ReturnType<typeof sdkPlayer>>;
const orders = orderFixture(t, { sdk, app }, () => ({ seller, buyer }));
let operator: string;

beforeAll(async () => {
  seller = await sdkPlayer(t, sdk, 'player1', '1338100');
  buyer = await sdkPlayer(t, sdk, 'buyer1', '1338200');
  operator = await ops.login('ops-operator', 'demo-ops-123');
}, 120_000);

const signals = async (status = 'open') =>
  (
    await ops.call<{ list: OpsRiskSignal[]; total: number }>('GET', `/risk/signals?status=${status}&pageSize=100`, {
      token: operator,
    })
  ).data.list;
const decide = (signalId: string, body: unknown, token = operator) =>
  ops.call('POST', `/risk/signals/${signalId}/decide`, { token, body });
const onDevice = (userId: number, deviceId: string) =>
  issueSession(t.db, userId, 'APP', 30, { ip: '203.0.113.9', deviceId });

describe(`risk signals (${testDb})`, () => {
  it('a shared address alone raises nothing (many players share one behind a carrier NAT)', async () => {
    await orders.orderAt('AWAITING_RECEIPT', { price: 4_000 });
    expect(await detectRisks(t.db)).toMatchObject({ washTrade: 0 });
    expect(await signals()).toEqual([]);
  });

  it('a trade between two accounts of one device, once; a rerun raises nothing', async () => {
    await onDevice(seller.userId, 'dev-wash-0001');
    await onDevice(buyer.userId, 'dev-wash-0001');
    const order = await orders.orderAt('AWAITING_RECEIPT', { price: 4_100 });
    expect(await detectRisks(t.db)).toMatchObject({ washTrade: 1 });
    expect(await detectRisks(t.db)).toMatchObject({ washTrade: 0 });
    const [wash] = (await signals()).filter((s) => s.kind === 'washTrade');
    expect(wash).toMatchObject({
      kindLabel: '疑似自买自卖',
      users: [
        { userId: String(buyer.userId), uid: buyer.uid },
        { userId: String(seller.userId), uid: seller.uid },
      ],
      orders: [{ orderId: order.orderId }],
      status: 'open',
    });
    expect(wash!.evidence).toContain('买卖双方共用设备 dev-…0001；共用登录地址');
    expect(wash!.evidence).toContain('203.0.113.9');
  });

  it('three accounts on one device, and three refused receipts in a day', async () => {
    const third = (await loginAs(t, '13900081003')).uid;
    const thirdId = (await t.db.selectFrom('users').select('id').where('uid', '=', third).executeTakeFirstOrThrow()).id;
    await onDevice(thirdId, 'dev-wash-0001');
    for (const price of [4_200, 4_300, 4_400]) await orders.orderAt('RECEIPT_REFUSED', { price });
    expect(await detectRisks(t.db)).toMatchObject({ sharedDevice: 1, refusalBurst: 1 });
    expect(await detectRisks(t.db)).toMatchObject({ sharedDevice: 0, refusalBurst: 0 });
    const open = await signals();
    expect(open.find((s) => s.kind === 'sharedDevice')?.evidence).toBe('3个账号在同一设备（dev-…0001）登录');
    const burst = open.find((s) => s.kind === 'refusalBurst')!;
    expect(burst.evidence).toBe('24小时内拒绝收货3次');
    expect(burst.orders.length).toBe(3);
  });

  it("staff dismiss or act with a note, once; only on the signal's users; 客服 and 财务 refused", async () => {
    const open = await signals();
    const wash = open.find((s) => s.kind === 'washTrade')!;
    const burst = open.find((s) => s.kind === 'refusalBurst')!;
    for (const [user, pass] of [
      ['ops-cs', 'demo-cs-123'],
      ['ops-finance', 'demo-fin-123'],
    ] as const) {
      const token = await ops.login(user, pass);
      expect((await ops.call('GET', '/risk/signals', { token })).status).toBe(403);
      expect((await decide(wash.signalId, { decision: 'dismiss', note: '核实无误' }, token)).status).toBe(403);
    }
    expect((await decide(wash.signalId, { decision: 'dismiss', note: '' })).msg).toBe('请填写处理说明（至少2个字）');
    const stranger = (await loginAs(t, '13900081009')).uid;
    const strangerId = (
      await t.db.selectFrom('users').select('id').where('uid', '=', stranger).executeTakeFirstOrThrow()
    ).id;
    expect(
      (
        await decide(burst.signalId, {
          decision: 'act',
          action: 'holdWithdrawals',
          userId: String(strangerId),
          note: '恶意拒收',
        })
      ).msg,
    ).toBe('只能处置该信号涉及的用户');
    expectCode(
      await decide(burst.signalId, {
        decision: 'act',
        action: 'holdWithdrawals',
        userId: String(buyer.userId),
        note: '恶意拒收，暂停提现',
      }),
      '200',
    );
    expect(await withdrawalHoldOf(t.db, buyer.userId)).toBeTruthy();
    expect((await decide(burst.signalId, { decision: 'dismiss', note: '再次处理' })).msg).toBe('该风险信号已被处理');
    expectCode(await decide(wash.signalId, { decision: 'dismiss', note: '同一家庭成员，已电话核实' }), '200');
    const acted = (await signals('acted')).find((s) => s.signalId === burst.signalId)!;
    expect(acted).toMatchObject({ status: 'acted', action: 'holdWithdrawals', note: '恶意拒收，暂停提现' });
    const audit = await t.db
      .selectFrom('staff_audit')
      .select(['action', 'target_user_id'])
      .where('action', 'like', 'risk.%')
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['risk.act', 'risk.dismiss']);
  });

  it('a trade far off its kind’s median: once, with the ratio; one inside the band raises nothing', async () => {
    // The 行情 of the seller's game: 12 coin trades of type 2 at ¥40/万 over the last days (the day histograms the index reads).
    const game = seller.pt.gameId;
    const today = new Date(`${new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10)}T00:00:00+08:00`);
    await t.db
      .insertInto('stats_price_daily')
      .values({
        bucket: new Date(today.getTime() - 86_400_000),
        game,
        server_group: '',
        goods_type: '2',
        kind: '2',
        level_band: '',
        bin: 500,
        n: 12,
        total: 12 * 4_000,
      })
      .execute();
    await detectRisks(t.db);
    const cheap = await orders.orderAt('AWAITING_RECEIPT', { price: 1_000 });
    await orders.orderAt('AWAITING_RECEIPT', { price: 4_500 });
    expect(await detectRisks(t.db)).toMatchObject({ priceOutOfBand: 1 });
    expect(await detectRisks(t.db)).toMatchObject({ priceOutOfBand: 0 });
    const band = (await signals()).filter((s) => s.kind === 'priceOutOfBand');
    expect(band).toHaveLength(1);
    expect(band[0]).toMatchObject({ kindLabel: '成交价偏离行情', orders: [{ orderId: cheap.orderId }] });
    expect(band[0]!.evidence).toMatch(/成交价每万¥10\.00，为近30天同类成交中位价每万¥40\.00的0\.25倍$/);
  });

  it.runIf(testDb === 'postgres')('two staff acting on one signal at once: it takes effect once', async () => {
    const device = await riskDb(t.db)
      .selectFrom('risk_signals')
      .select('id')
      .where('kind', '=', 'sharedDevice')
      .executeTakeFirstOrThrow();
    const other = await ops.login('ops-admin', 'demo-ops-123');
    const answers = await Promise.all([
      decide(String(device.id), {
        decision: 'act',
        action: 'ban',
        userId: String(seller.userId),
        note: '一机多号，封禁',
      }),
      decide(
        String(device.id),
        { decision: 'act', action: 'ban', userId: String(seller.userId), note: '一机多号，封禁' },
        other,
      ),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual(['10002', '200']);
    const bans = await t.db.selectFrom('staff_audit').select('id').where('action', '=', 'user.ban').execute();
    expect(bans.length).toBe(1);
  });
});
