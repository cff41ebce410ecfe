import { gameTokenLogin } from '@app/protocol/calls/game';
import { userInfo } from '@app/protocol/calls/user';
import { extractSave } from '@app/protocol/calls/withdrawal';
import type { OpsUserSummary, Paged, SearchHit } from '@app/protocol/ops-users';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { OrderStatus } from '@app/protocol/statuses/order-status';
import { beforeAll, describe, expect, it } from 'vitest';
import { Accounts, transfer } from '../src/modules/ledger/ledger';
import { expectCode, loginAs, sdkPlayer, TEST_PAY_PIN, testDb, useTestApp, useTestClient } from './helpers';
import { opsApi } from './ops-helpers';
import { orderFixture } from './order-fixture';

/**
 * The console's users (issue 34 items 1 and 2): 查找 over every module's ids, a user's page, and
 * the actions on him — ban and unban, end his sessions, reset his sale lock, hold his withdrawals —
 * each refused without its permission, without a reason, and taking effect once.
 */
const t = useTestApp();
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');
const ops = opsApi(t);

type Player = Awaited<ReturnType<typeof sdkPlayer>>;
let seller: Player;
let buyer: Player;
const orders = orderFixture(t, { sdk, app }, () => ({ seller, buyer }));
let cs: string;
let operator: string;
let admin: string;
let finance: string;

beforeAll(async () => {
  seller = await sdkPlayer(t, sdk, 'player2', '1387500');
  buyer = await sdkPlayer(t, sdk, 'buyer1', '1386500');
  cs = await ops.login('ops-cs', 'demo-cs-123');
  operator = await ops.login('ops-operator', 'demo-ops-123');
  admin = await ops.login('ops-admin', 'demo-ops-123');
  finance = await ops.login('ops-finance', 'demo-fin-123');
});

const mobileOf = async (userId: number) =>
  (await t.db.selectFrom('users').select('mobile').where('id', '=', userId).executeTakeFirstOrThrow()).mobile!;
const listingStatus = async (id: string) =>
  (await t.db.selectFrom('commodities').select('status').where('id', '=', Number(id)).executeTakeFirstOrThrow()).status;
const sweep = () => t.app.inject({ method: 'POST', url: '/dev/sweep', payload: { aheadMinutes: 5 } });
const auditOf = (userId: number, action: string) =>
  t.db
    .selectFrom('staff_audit')
    .selectAll()
    .where('target_user_id', '=', userId)
    .where('action', '=', action)
    .execute();

describe(`the console's users (${testDb})`, () => {
  it('refuses each action to 客服 and 财务, the user pages to 财务, and everything to a player', async () => {
    const player = (await loginAs(t, '13900029999')).token;
    const id = seller.userId;
    const actions: Array<[string, unknown]> = [
      [`/users/${id}/ban`, { reason: '测试封禁', until: null }],
      [`/users/${id}/unban`, { reason: '测试解封' }],
      [`/users/${id}/sessions/end`, { reason: '测试下线' }],
      [`/users/${id}/sale-lock/reset`, { reason: '测试重置' }],
      [`/users/${id}/withdrawals/hold`, { reason: '测试暂停' }],
      [`/users/${id}/withdrawals/release`, { reason: '测试恢复' }],
    ];
    for (const [url, body] of actions) {
      for (const token of [cs, finance]) {
        const res = await ops.call('POST', url, { token, body });
        expect([url, res.status, res.code]).toEqual([url, 403, '60004']);
        expect(res.msg).toContain('仅运营和管理员可以封禁');
      }
      const asPlayer = await ops.call('POST', url, { token: player, body });
      expect([url, asPlayer.status, asPlayer.code]).toEqual([url, 401, '60001']);
    }
    const views: Array<['GET' | 'POST', string, unknown?]> = [
      ['GET', '/search?q=13875000001'],
      ['GET', `/users/${id}`],
      ['GET', `/users/${id}/orders`],
      ['GET', `/users/${id}/audit`],
      ['POST', `/users/${id}/notes`, { note: '财务的备注' }],
    ];
    for (const [method, url, body] of views) {
      const res = await ops.call(method, url, { token: finance, body });
      expect([url, res.status, res.code]).toEqual([url, 403, '60004']);
      expect(res.msg).toContain('仅客服、运营和管理员可以查找和查看用户');
      const asPlayer = await ops.call(method, url, { token: player, body });
      expect([url, asPlayer.status, asPlayer.code]).toEqual([url, 401, '60001']);
    }
    expect(await auditOf(id, 'user.ban')).toEqual([]);
  });

  it('finds a user by phone (masked) and uid, an order by number and id, a listing by id; 客服 reads his page', async () => {
    const mobile = await mobileOf(seller.userId);
    const byPhone = await ops.call<{ list: SearchHit[] }>('GET', `/search?q=${mobile}`, { token: cs });
    expectCode(byPhone, '200');
    const user = byPhone.data.list.find((h) => h.kind === 'user');
    expect(user).toMatchObject({ id: String(seller.userId), userId: String(seller.userId) });
    expect(JSON.stringify(byPhone.data)).not.toContain(mobile);
    expect(user?.detail).toContain(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`);
    const byUid = await ops.call<{ list: SearchHit[] }>('GET', `/search?q=${seller.uid}`, { token: cs });
    expect(byUid.data.list.map((h) => [h.kind, h.id])).toContainEqual(['user', String(seller.userId)]);

    const lot = await orders.listCoins(3_000);
    const placed = await orders.place(await orders.listCoins(2_000));
    const orderNo = (
      await t.db
        .selectFrom('orders')
        .select('order_no')
        .where('id', '=', Number(placed.orderId))
        .executeTakeFirstOrThrow()
    ).order_no;
    const byNo = await ops.call<{ list: SearchHit[] }>('GET', `/search?q=${orderNo}`, { token: cs });
    expect(byNo.data.list.map((h) => [h.kind, h.id])).toContainEqual(['order', placed.orderId]);
    const byBizNo = await ops.call<{ list: SearchHit[] }>('GET', `/search?q=${placed.orderId}`, { token: cs });
    expect(byBizNo.data.list.map((h) => [h.kind, h.id])).toContainEqual(['order', placed.orderId]);
    const byListing = await ops.call<{ list: SearchHit[] }>('GET', `/search?q=${lot}`, { token: cs });
    expect(byListing.data.list).toContainEqual(
      expect.objectContaining({ kind: 'listing', id: lot, userId: String(seller.userId) }),
    );
    const empty = await ops.call('GET', '/search?q=%20', { token: cs });
    expect([empty.code, empty.msg]).toEqual(['10002', '请输入手机号、UID、订单号、商品编号或商人名称']);

    const page = await ops.call<OpsUserSummary>('GET', `/users/${seller.userId}`, { token: cs });
    expectCode(page, '200');
    expect(page.data).toMatchObject({ uid: seller.uid, ban: null, identity: { verified: true } });
    expect(page.data.identity.idNumber).not.toMatch(/^\d{17}[\dX]$/);
    expect(page.data.saleUnlockedUntil).not.toBeNull();
    const listings = await ops.call<Paged<{ id: string }>>('GET', `/users/${seller.userId}/listings?pageSize=1`, {
      token: cs,
    });
    expect([listings.data.total, listings.data.list.length]).toEqual([2, 1]);
    const bought = await ops.call<Paged<{ id: string; side: string }>>('GET', `/users/${buyer.userId}/orders`, {
      token: cs,
    });
    expect(bought.data.list).toContainEqual(expect.objectContaining({ id: placed.orderId, side: 'buyer' }));
    const missing = await ops.call('GET', '/users/999999', { token: cs });
    expect([missing.code, missing.msg]).toEqual(['10004', '用户不存在']);
  });

  it('refuses a ban without a reason or with an end in the past, and changes nothing', async () => {
    for (const body of [
      { reason: '', until: null },
      { reason: '   ', until: null },
      { until: null },
      { reason: '外挂', until: Date.now() - 60_000 },
    ]) {
      const res = await ops.call('POST', `/users/${seller.userId}/ban`, { token: operator, body });
      expect(res.code).toBe('10002');
      expect(res.msg).toMatch(/请填写原因|封禁结束时间须晚于现在/);
    }
    const noReason = await ops.call('POST', `/users/${seller.userId}/sessions/end`, { token: operator, body: {} });
    expect([noReason.code, noReason.msg]).toEqual(['10002', '请填写原因']);
    expect(await auditOf(seller.userId, 'user.ban')).toEqual([]);
    expectCode(await app.call(userInfo, {}, { token: seller.token }), '200');
  });

  it('two staff banning at once: one ban, one audit; the seller gets 20111 with the reason, his listings are off sale, his open order stands', async () => {
    const onSale = await orders.listCoins(4_000);
    const ordered = await orders.place(await orders.listCoins(4_500));
    const body = { reason: '使用外挂刷金币', until: Date.now() + 7 * 86_400_000 };
    const [a, b] = await Promise.all([
      ops.call<{ delisted: string[] }>('POST', `/users/${seller.userId}/ban`, { token: operator, body }),
      ops.call('POST', `/users/${seller.userId}/ban`, { token: admin, body }),
    ]);
    expect([a.code, b.code].sort()).toEqual(['10002', '200']);
    expect([a, b].find((r) => r.code === '10002')?.msg).toBe('该用户已被封禁，如需修改请先解除封禁');
    const audits = await auditOf(seller.userId, 'user.ban');
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toMatchObject({ reason: '使用外挂刷金币', ban: { reason: '使用外挂刷金币' } });
    expect(audits[0]!.ip).toBe('127.0.0.1');

    const next = await app.call(userInfo, {}, { token: seller.token });
    expect(next.code).toBe('20111');
    expect(next.msg).toContain('使用外挂刷金币');
    expect(next.msg).toContain('联系客服');
    expect(await listingStatus(onSale)).toBe(ListingStatus.DELISTED);
    const order = await t.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', Number(ordered.orderId))
      .executeTakeFirstOrThrow();
    expect(order.status).toBe(OrderStatus.AWAITING_PAYMENT);
    expect(await listingStatus(ordered.commodityId)).toBe(ListingStatus.SELLING);

    // A new login is refused with the same words; the page shows the ban.
    const relogin = await sdk.call(gameTokenLogin, seller.pt);
    expect(relogin.code).toBe('20111');
    expect(relogin.msg).toContain('使用外挂刷金币');
    const page = await ops.call<OpsUserSummary>('GET', `/users/${seller.userId}`, { token: cs });
    expect(page.data.ban).toMatchObject({ reason: '使用外挂刷金币', until: body.until });
    const hit = await ops.call<{ list: SearchHit[] }>('GET', `/search?q=${seller.uid}`, { token: cs });
    expect(hit.data.list.find((h) => h.kind === 'user')?.detail).toContain('已封禁');

    // Unbanned: the login works again, once.
    expectCode(
      await ops.call('POST', `/users/${seller.userId}/unban`, { token: operator, body: { reason: '申诉通过' } }),
      '200',
    );
    const again = await ops.call('POST', `/users/${seller.userId}/unban`, {
      token: admin,
      body: { reason: '申诉通过' },
    });
    expect([again.code, again.msg]).toEqual(['10002', '该用户当前未被封禁']);
    const back = await sdk.call(gameTokenLogin, seller.pt);
    expectCode(back, '200');
    seller = { ...seller, token: (back.data as { token: string }).token };
    const history = await ops.call<Paged<{ action: string }>>('GET', `/users/${seller.userId}/audit`, { token: cs });
    expect(history.data.list.map((e) => e.action)).toEqual(['user.unban', 'user.ban']);
  });

  it('ends his sessions, resets his sale lock, holds his withdrawals; notes by 客服; each once and audited', async () => {
    const end = await ops.call<{ ended: number }>('POST', `/users/${buyer.userId}/sessions/end`, {
      token: operator,
      body: { reason: '疑似账号被盗' },
    });
    expectCode(end, '200');
    expect(end.data.ended).toBeGreaterThan(0);
    expectCode(await app.call(userInfo, {}, { token: buyer.token }), '20118');
    const none = await ops.call('POST', `/users/${buyer.userId}/sessions/end`, {
      token: operator,
      body: { reason: '疑似账号被盗' },
    });
    expect([none.code, none.msg]).toEqual(['10002', '该用户没有有效的登录会话']);

    expectCode(
      await ops.call('POST', `/users/${buyer.userId}/sale-lock/reset`, {
        token: admin,
        body: { reason: '疑似账号被盗' },
      }),
      '200',
    );
    const page = await ops.call<OpsUserSummary>('GET', `/users/${buyer.userId}`, { token: cs });
    expect(page.data.saleUnlockedUntil).toBeNull();
    const reset = await ops.call('POST', `/users/${buyer.userId}/sale-lock/reset`, {
      token: admin,
      body: { reason: '再次重置' },
    });
    expect([reset.code, reset.msg]).toEqual(['10002', '该用户的出售锁未解锁，无需重置']);

    const login = (await sdk.call(gameTokenLogin, buyer.pt)).data as { token: string };
    await transfer(t.db, {
      key: `ops-users-topup-${buyer.userId}`,
      debit: Accounts.gateway('topup-test'),
      credit: Accounts.userAvailable(buyer.userId),
      amount: 20_000,
      code: 'topup',
    });
    expectCode(
      await ops.call('POST', `/users/${buyer.userId}/withdrawals/hold`, {
        token: operator,
        body: { reason: '资金来源待核实' },
      }),
      '200',
    );
    const held = await app.call(
      extractSave,
      { amount: 1_000, accountNo: '13800001111', accountName: '冯十', payPassword: TEST_PAY_PIN } as never,
      { token: login.token },
    );
    expect([held.code, held.msg]).toEqual(['10002', '您的提现已被暂停，如有疑问请联系客服']);
    const twice = await ops.call('POST', `/users/${buyer.userId}/withdrawals/hold`, {
      token: admin,
      body: { reason: '再次暂停' },
    });
    expect([twice.code, twice.msg]).toEqual(['10002', '该用户的提现已暂停']);
    expectCode(
      await ops.call('POST', `/users/${buyer.userId}/withdrawals/release`, {
        token: operator,
        body: { reason: '已核实' },
      }),
      '200',
    );
    const asked = await app.call(
      extractSave,
      { amount: 1_000, accountNo: '13800001111', accountName: '冯十', payPassword: TEST_PAY_PIN } as never,
      { token: login.token },
    );
    expectCode(asked, '200');
    // Held again while it waits for its review time: the sweep pays none of his; released, it is paid.
    const withdrawalId = Number((asked.data as { id: string }).id);
    const statusOf = async () =>
      (await t.db.selectFrom('withdrawals').select('status').where('id', '=', withdrawalId).executeTakeFirstOrThrow())
        .status;
    expectCode(
      await ops.call('POST', `/users/${buyer.userId}/withdrawals/hold`, {
        token: operator,
        body: { reason: '再次核实' },
      }),
      '200',
    );
    await sweep();
    expect(await statusOf()).toBe('reviewing');
    expectCode(
      await ops.call('POST', `/users/${buyer.userId}/withdrawals/release`, {
        token: operator,
        body: { reason: '已核实' },
      }),
      '200',
    );
    await sweep();
    expect(await statusOf()).toBe('paid');

    const note = await ops.call('POST', `/users/${buyer.userId}/notes`, {
      token: cs,
      body: { note: '用户来电说明情况' },
    });
    expectCode(note, '200');
    const empty = await ops.call('POST', `/users/${buyer.userId}/notes`, { token: cs, body: { note: ' ' } });
    expect([empty.code, empty.msg]).toEqual(['10002', '请填写备注（至少2个字）']);
    const notes = await ops.call<Paged<{ note: string; by: string }>>('GET', `/users/${buyer.userId}/notes`, {
      token: cs,
    });
    expect(notes.data.list).toEqual([expect.objectContaining({ note: '用户来电说明情况', by: '演示客服' })]);
    const history = await ops.call<Paged<{ action: string }>>('GET', `/users/${buyer.userId}/audit`, { token: cs });
    expect(history.data.list.map((e) => e.action)).toEqual([
      'user.note',
      'user.withdrawals_release',
      'user.withdrawals_hold',
      'user.withdrawals_release',
      'user.withdrawals_hold',
      'user.sale_lock_reset',
      'user.sessions_end',
    ]);
    const sessions = await ops.call<Paged<{ live: boolean }>>('GET', `/users/${buyer.userId}/sessions`, { token: cs });
    expect(sessions.data.list.some((s) => s.live)).toBe(true);
    expect(sessions.data.list.some((s) => !s.live)).toBe(true);
  });
});
