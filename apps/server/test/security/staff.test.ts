import { publishCoin } from '@app/protocol/calls/consignment';
import { h5sdkOrderPlace, itemReject, orderInfo } from '@app/protocol/calls/orders';
import { wapAlipay } from '@app/protocol/calls/pay';
import type { AuditPage, StaffLoginAnswer, TotpSetup } from '@app/protocol/ops';
import { beforeAll, describe, expect, it } from 'vitest';
import { totpCodeAt } from '../../src/modules/ops/totp';
import { sweepDeliveries } from '../../src/modules/orders/delivery.service';
import { expectCode, sdkPlayer, useTestApp, useTestClient } from '../helpers';
import { opsApi } from '../ops-helpers';

/**
 * Staff accounts of the customer-service console (issue 13 item 9, decision 0013): the OPS_TOKEN
 * bootstraps the first admin once; staff log in with their own password (and TOTP once enabled),
 * limited per username and per address; roles decide what each may do; every action is audited.
 */
const BOOTSTRAP_TOKEN = 'bootstrap-secret-0123456789';

describe('bootstrap of the first admin (production: no demo accounts)', () => {
  const prod = useTestApp({ APP_ENV: 'production', OPS_TOKEN: BOOTSTRAP_TOKEN });

  it('seeds no demo staff in production', async () => {
    expect(await prod.db.selectFrom('staff').select('username').execute()).toEqual([]);
    const res = await opsApi(prod).call('POST', '/login', {
      body: { username: 'ops-admin', password: 'demo-ops-123' },
    });
    expect(res).toMatchObject({ code: '60002', msg: '用户名或密码错误' });
  });

  it('works once with the OPS_TOKEN, then the token opens nothing', async () => {
    const ops = opsApi(prod);
    const admin = { username: 'chief', password: 'first-admin-1', displayName: '王主管' };
    // Before: the token is only a bootstrap key, never a session.
    expect(await ops.call('GET', '/orders/refused', { token: BOOTSTRAP_TOKEN })).toMatchObject({
      status: 401,
      code: '60001',
    });
    expect(await ops.call('POST', '/bootstrap', { token: 'wrong-token-0123456789', body: admin })).toMatchObject({
      status: 401,
      msg: '初始化密钥不正确',
    });
    expect(
      await ops.call('POST', '/bootstrap', { token: BOOTSTRAP_TOKEN, body: { ...admin, password: 'short' } }),
    ).toMatchObject({ code: '10002', msg: '密码至少8位' });
    // Two at once: exactly one admin is made.
    const [a, b] = await Promise.all([
      ops.call('POST', '/bootstrap', { token: BOOTSTRAP_TOKEN, body: admin }),
      ops.call('POST', '/bootstrap', { token: BOOTSTRAP_TOKEN, body: { ...admin, username: 'chief2' } }),
    ]);
    expect([a.code, b.code].sort()).toEqual(['200', '60004']);
    const first = a.code === '200' ? a : b;
    expect(first.data).toMatchObject({ staff: { role: 'admin' } });
    // After: refused, and the token still opens nothing.
    expect(await ops.call('POST', '/bootstrap', { token: BOOTSTRAP_TOKEN, body: admin })).toMatchObject({
      status: 403,
      code: '60004',
      msg: '已有管理员，初始化密钥不再可用',
    });
    for (const [method, url] of [
      ['GET', '/orders/refused'],
      ['GET', '/staff'],
      ['GET', '/audit'],
      ['GET', '/me'],
    ] as const)
      expect(await ops.call(method, url, { token: BOOTSTRAP_TOKEN })).toMatchObject({ status: 401, code: '60001' });
    // The admin made logs in with their own password.
    const username = (first.data as { staff: { username: string } }).staff.username;
    const token = await ops.login(username, admin.password);
    expect((await ops.call('GET', '/me', { token })).data).toMatchObject({ username, displayName: '王主管' });
    const audit = await ops.call<AuditPage>('GET', '/audit', { token });
    expect(audit.data.list.map((e) => e.action)).toEqual(['session.login', 'staff.bootstrap']);
  });
});

describe('staff of the console', () => {
  let ops: ReturnType<typeof opsApi>;
  const t = useTestApp();
  const sdk = useTestClient(t, 'H5SDK');
  const app = useTestClient(t, 'APP');
  beforeAll(async () => {
    ops = opsApi(t);
  });

  it('locks a username after 5 wrong passwords, and an address after 20, in zh-CN', async () => {
    const member = await ops.staffMember('lock-me', 'cs');
    for (let i = 0; i < 5; i++)
      expect(
        await ops.call('POST', '/login', { body: { username: 'lock-me', password: `wrong-${i}` }, from: '10.0.0.1' }),
      ).toMatchObject({ code: '60002', msg: '用户名或密码错误' });
    // Locked: even the right password, from another address, is refused now.
    expect(
      await ops.call('POST', '/login', { body: { username: 'lock-me', password: member.password }, from: '10.0.0.2' }),
    ).toMatchObject({ status: 429, code: '10005', msg: '密码错误次数过多，该账号已临时锁定，请15分钟后再试' });
    // Other accounts are not locked.
    await ops.login('ops-cs', 'demo-cs-123', { from: '10.0.0.2' });

    // One address trying many usernames: 20 failures and the address is refused.
    for (let i = 0; i < 20; i++)
      expect(
        (
          await ops.call('POST', '/login', {
            body: { username: `nobody${i}`, password: 'guess-123' },
            from: '10.0.0.9',
          })
        ).code,
      ).toBe('60002');
    expect(
      await ops.call('POST', '/login', { body: { username: 'ops-cs', password: 'demo-cs-123' }, from: '10.0.0.9' }),
    ).toMatchObject({ status: 429, code: '10005', msg: '当前网络登录失败次数过多，请15分钟后再试' });
  });

  it('a cs cannot manage staff or read the audit; an operator reads the audit but manages no staff', async () => {
    const cs = await ops.login('ops-cs', 'demo-cs-123');
    expect(await ops.call('GET', '/orders/refused', { token: cs })).toMatchObject({ code: '200' });
    const create = { username: 'sneaky', displayName: '某人', role: 'admin', password: 'pass-word-1' };
    for (const [method, url, body] of [
      ['GET', '/staff', undefined],
      ['POST', '/staff', create],
      ['PATCH', '/staff/1', { disabled: true }],
      ['POST', '/staff/1/password', { password: 'pass-word-1' }],
    ] as const)
      expect(await ops.call(method, url, { token: cs, body })).toMatchObject({
        status: 403,
        code: '60004',
        msg: '仅管理员可以管理员工（当前角色：客服）',
      });
    expect(await ops.call('GET', '/audit', { token: cs })).toMatchObject({
      status: 403,
      code: '60004',
      msg: '仅运营、财务和管理员可以查看操作日志（当前角色：客服）',
    });
    const operator = await ops.login('ops-operator', 'demo-ops-123');
    expect((await ops.call('GET', '/audit', { token: operator })).code).toBe('200');
    expect(await ops.call('POST', '/staff', { token: operator, body: create })).toMatchObject({
      status: 403,
      msg: '仅管理员可以管理员工（当前角色：运营）',
    });
    expect(
      await t.db.selectFrom('staff').select('id').where('username', '=', 'sneaky').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('a disabled staff member’s session stops working at once, and they cannot log in', async () => {
    const member = await ops.staffMember('leaver', 'cs', '小离');
    expect((await ops.call('GET', '/orders/refused', { token: member.token })).code).toBe('200');
    const admin = await ops.login('ops-admin', 'demo-ops-123');
    expect(await ops.call('PATCH', `/staff/${member.id}`, { token: admin, body: { disabled: true } })).toMatchObject({
      code: '200',
      data: { disabled: true },
    });
    expect(await ops.call('GET', '/orders/refused', { token: member.token })).toMatchObject({
      status: 401,
      code: '60001',
      msg: '账号已停用，请联系管理员',
    });
    expect(await ops.call('POST', '/login', { body: { username: 'leaver', password: member.password } })).toMatchObject(
      { code: '60002', msg: '账号已停用，请联系管理员' },
    );
    // An admin cannot lock themselves out.
    const me = (await ops.call<{ id: string }>('GET', '/me', { token: admin })).data;
    expect(await ops.call('PATCH', `/staff/${me.id}`, { token: admin, body: { disabled: true } })).toMatchObject({
      msg: '不能停用自己的账号',
    });
    const audit = await ops.call<AuditPage>('GET', '/audit', { token: admin });
    expect(audit.data.list.find((e) => e.action === 'staff.disable')).toMatchObject({
      staff: { username: 'ops-admin' },
      targetStaff: 'leaver',
      before: { disabled: false },
      after: { disabled: true },
    });
  });

  it('requires the TOTP code at login once a staff member enabled it', async () => {
    const member = await ops.staffMember('two-factor', 'operator');
    const setup = await ops.call<TotpSetup>('POST', '/me/totp/setup', { token: member.token });
    expect(setup.data.uri).toMatch(/^otpauth:\/\/totp\/.*two-factor\?.*secret=/);
    const { secret } = setup.data;
    // Not enabled until a code from the app is confirmed.
    await ops.login('two-factor', member.password);
    expect(await ops.call('POST', '/me/totp/enable', { token: member.token, body: { code: '000000' } })).toMatchObject({
      code: '10002',
      msg: '动态验证码不正确，请核对手机时间后重试',
    });
    expect(
      await ops.call('POST', '/me/totp/enable', { token: member.token, body: { code: totpCodeAt(secret) } }),
    ).toMatchObject({ code: '200' });

    const body = { username: 'two-factor', password: member.password };
    expect(await ops.call('POST', '/login', { body })).toMatchObject({ code: '60003', msg: '请输入动态验证码' });
    expect(await ops.call('POST', '/login', { body: { ...body, totp: '123456' } })).toMatchObject({
      code: '60003',
      msg: '动态验证码不正确或已使用，请输入新的验证码',
    });
    // The code of the next step (the one used to enable it cannot be used again).
    const next = totpCodeAt(secret, Date.now() + 30_000);
    const ok = await ops.call<StaffLoginAnswer>('POST', '/login', { body: { ...body, totp: next } });
    expect(ok).toMatchObject({ code: '200', data: { staff: { totpEnabled: true } } });
    expect(await ops.call('POST', '/login', { body: { ...body, totp: next } })).toMatchObject({ code: '60003' });
    // The second factor does not stand in for the password.
    expect(await ops.call('POST', '/login', { body: { ...body, password: 'wrong-pass-1', totp: next } })).toMatchObject(
      { code: '60002' },
    );
  });

  it('logout revokes the session; sessions expire', async () => {
    const token = await ops.login('ops-cs', 'demo-cs-123');
    expect((await ops.call('GET', '/me', { token })).data).toMatchObject({ username: 'ops-cs', role: 'cs' });
    expect((await ops.call('POST', '/logout', { token })).code).toBe('200');
    expect(await ops.call('GET', '/me', { token })).toMatchObject({
      status: 401,
      code: '60001',
      msg: '登录已过期，请重新登录',
    });
    const stored = await t.db.selectFrom('staff_sessions').select(['token_hash', 'expires_at']).execute();
    expect(stored.some((s) => s.token_hash === token)).toBe(false);
    const later = await ops.login('ops-cs', 'demo-cs-123');
    await t.db
      .updateTable('staff_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await ops.call('GET', '/me', { token: later })).status).toBe(401);
  });

  describe('every refund, confirmation and note is audited with before and after', () => {
    let seller: Awaited<ReturnType<typeof sdkPlayer>>;
    let buyer: Awaited<ReturnType<typeof sdkPlayer>>;
    beforeAll(async () => {
      seller = await sdkPlayer(t, sdk, 'player1', '1320000');
      buyer = await sdkPlayer(t, sdk, 'buyer1', '1320000');
    });

    /** Coins bought, delivered by the game, the receipt refused by the buyer: -5. */
    async function refusedCoins(key: string, coinNum: number) {
      const lot = await sdk.call(
        publishCoin,
        { ...seller.pt, coinType: 2, coinNum, price: 500 },
        { token: seller.token },
      );
      expectCode(lot, '200');
      const placed = await sdk.call(
        h5sdkOrderPlace,
        {
          ...buyer.pt,
          commodityId: (lot.data as { commodityId: string }).commodityId,
          requestKey: key,
          agreement: true,
        },
        { token: buyer.token },
      );
      expectCode(placed, '200');
      const order = placed.data as { orderId: string; totalAmount: number };
      const pay = await app.call(
        wapAlipay,
        { bizNo: order.orderId, totalAmount: order.totalAmount, payPrice: order.totalAmount },
        { token: buyer.token },
      );
      await t.app.inject({
        method: 'POST',
        url: `/sandbox/api/pay/${(pay.data as { tradeNo: string }).tradeNo}/succeed`,
      });
      await sweepDeliveries({ db: t.db, gateway: t.app.gateway });
      expectCode(
        await app.call(itemReject, { orderId: order.orderId, reason: '数量不对' }, { token: buyer.token }),
        '200',
      );
      const info = (await app.call(orderInfo, { orderId: order.orderId }, { token: buyer.token })).data as {
        status: number;
        orderNo: string;
      };
      expect(info.status).toBe(-5);
      return { ...order, orderNo: info.orderNo };
    }

    it('writes who, what, which order, before/after and the address', async () => {
      const cs = await ops.staffMember('cs-wang', 'cs', '小王');
      const operator = await ops.login('ops-operator', 'demo-ops-123');
      const refunded = await refusedCoins('audit-refund', 10_000);
      const confirmed = await refusedCoins('audit-confirm', 11_000);

      const note = await ops.call('POST', `/orders/${refunded.orderId}/notes`, {
        token: cs.token,
        body: { note: '已联系买家核实' },
        from: '10.1.2.3',
      });
      expect(note).toMatchObject({ code: '200', data: { by: '小王', note: '已联系买家核实' } });
      const listed = await ops.call<{ list: Array<{ orderId: string; staffNotes: unknown[] }> }>(
        'GET',
        '/orders/refused',
        { token: cs.token },
      );
      expect(listed.data.list.find((o) => o.orderId === refunded.orderId)?.staffNotes).toEqual([
        { by: '小王', note: '已联系买家核实', at: expect.any(Number) },
      ]);
      expect(
        await ops.call('POST', `/orders/${refunded.orderId}/resolve`, {
          token: cs.token,
          body: { decision: 'refund', note: '买家反馈属实' },
          from: '10.1.2.3',
        }),
      ).toMatchObject({ code: '200' });
      expect(
        await ops.call('POST', `/orders/${confirmed.orderId}/resolve`, {
          token: cs.token,
          body: { decision: 'confirm', note: '录像显示已到账' },
          from: '10.1.2.3',
        }),
      ).toMatchObject({ code: '200' });
      // A refused decision changes nothing and is not an action.
      expect(
        await ops.call('POST', `/orders/${confirmed.orderId}/resolve`, {
          token: cs.token,
          body: { decision: 'refund', note: '再退一次' },
        }),
      ).toMatchObject({ code: '10002', msg: '订单不在拒绝收货状态' });

      const byOrder = async (order: string) =>
        (await ops.call<AuditPage>('GET', `/audit?order=${order}`, { token: operator })).data;
      const refundAudit = await byOrder(refunded.orderNo);
      expect(refundAudit.total).toBe(2);
      expect(refundAudit.list).toMatchObject([
        {
          action: 'order.refund',
          staff: { username: 'cs-wang', displayName: '小王' },
          orderId: refunded.orderId,
          orderNo: refunded.orderNo,
          ip: '10.1.2.3',
          before: { status: -5, statusLabel: '拒绝收货' },
          after: {
            status: -21,
            statusLabel: '已退回',
            reason: '买家反馈属实',
            refundedFen: refunded.totalAmount,
            note: '客服退款：买家反馈属实（客服 小王），物品已退回卖家，款项已原路退回',
          },
        },
        { action: 'order.note', after: { note: '已联系买家核实', status: -5 }, ip: '10.1.2.3' },
      ]);
      // The order id filters the same rows as its number.
      expect((await byOrder(refunded.orderId)).total).toBe(2);
      const confirmAudit = await byOrder(confirmed.orderNo);
      expect(confirmAudit.list).toMatchObject([
        {
          action: 'order.confirm',
          staff: { username: 'cs-wang' },
          before: { status: -5 },
          after: { status: 32, reason: '录像显示已到账' },
        },
      ]);
      // Paged, newest first.
      const page = await ops.call<AuditPage>('GET', '/audit?page=2&pageSize=3', { token: operator });
      expect(page.data).toMatchObject({ page: 2, pageSize: 3 });
      expect(page.data.list).toHaveLength(3);
      const ids = page.data.list.map((e) => Number(e.id));
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
    });
  });
});
