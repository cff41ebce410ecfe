import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { identification } from '@app/protocol/calls/identity';
import { wxAppLogin } from '@app/protocol/calls/user';
import { extractDetail, extractSave, extractUserInfo, type Withdrawal } from '@app/protocol/calls/withdrawal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Accounts, balanceOf, transfer } from '../src/modules/ledger/ledger';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { startWechatFake } from './fakes/wechat-oauth-fake';
import { startWechatTransferFake, transferNotice, type WechatTransferFake } from './fakes/wechat-transfer-fake';
import {
  createTestApp,
  expectCode,
  idNumber,
  loginAs,
  setPayPin,
  TEST_PAY_PIN,
  type TestApp,
  type TestClient,
  testDb,
} from './helpers';
import { opsApi } from './ops-helpers';

const pair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

/**
 * 提现到微信零钱 end to end (decision 0067): a user signed in with WeChat withdraws to it with no
 * account typed; WeChat Pay's 商家转账 (its local fake) gets the openid of the payout app and the
 * verified name, the payee is asked to 确认收款, and WeChat's notification settles the bill by a
 * query: paid, or cancelled and the money back on the balance. A forged notification moves nothing.
 */
describe(`withdrawals to WeChat (商家转账) through the app (${testDb})`, () => {
  const merchant = pair();
  const platform = pair();
  const apiV3Key = randomBytes(16).toString('hex');
  const mchId = '1900000109';
  const wxApp = { appId: 'wxpayout00000001', secret: 'wx-secret' };
  const keys = { platformPrivateKey: platform.privateKey, platformSerial: 'PUB_KEY_ID_09', apiV3Key };
  const t = {} as TestApp;
  const ops = opsApi(t);
  let client: TestClient;
  let transfers: WechatTransferFake;
  let wx: Awaited<ReturnType<typeof startWechatFake>>;

  beforeAll(async () => {
    [transfers, wx] = await Promise.all([
      startWechatTransferFake({
        merchantPublicKey: merchant.publicKey,
        platformPrivateKey: platform.privateKey,
        platformSerial: keys.platformSerial,
      }),
      startWechatFake(wxApp),
    ]);
    Object.assign(
      t,
      await createTestApp({
        PAYOUT_CHANNEL: 'wechat',
        WECHAT_MCH_ID: mchId,
        WECHAT_APP_ID: 'wxpay000000000001',
        WECHAT_SERIAL_NO: 'MERCHANT09',
        WECHAT_PRIVATE_KEY: merchant.privateKey,
        WECHAT_PLATFORM_PUBLIC_KEY: platform.publicKey,
        WECHAT_PLATFORM_SERIAL: keys.platformSerial,
        WECHAT_API_V3_KEY: apiV3Key,
        WECHAT_PAY_BASE_URL: transfers.url,
        WECHAT_TRANSFER_SCENE_ID: '1005',
        LOGIN_WX_APP_ID: wxApp.appId,
        LOGIN_WX_APP_SECRET: wxApp.secret,
        LOGIN_WX_API: wx.origin,
        PUBLIC_BASE_URL: 'https://market.example.com',
        WITHDRAW_REVIEW_SECONDS: '0',
      }),
    );
    client = await t.client('APP');
  });
  afterAll(async () => {
    await t.close?.();
    await Promise.all([transfers?.close(), wx?.close()]);
  });

  let users = 0;
  /** A WeChat user, verified as 林小雨, with ¥500 on the balance and the payment password set. */
  async function wechatUser() {
    const n = ++users;
    const login = await client.call(wxAppLogin, {
      code: wx.codeFor({ openid: `oPayee${n}`, unionid: `uPayee${n}`, nickname: `微信卖家${n}` }),
    });
    expectCode(login, '200');
    const token = (login.data as { token: string }).token;
    const userId = (
      await t.db
        .selectFrom('user_identities')
        .select('user_id')
        .where('provider', '=', 'wx')
        .where('subject', '=', `uPayee${n}`)
        .executeTakeFirstOrThrow()
    ).user_id;
    expectCode(
      await client.call(
        identification,
        { realName: '林小雨', idCard: idNumber('19920202', String(300 + n)) },
        { token },
      ),
      '200',
    );
    await transfer(t.db, {
      key: `wd-wechat-topup-${n}`,
      debit: Accounts.gateway('topup-test'),
      credit: Accounts.userAvailable(userId),
      amount: 50_000,
      code: 'topup',
    });
    await setPayPin(t, userId);
    return { token, userId, openid: `oPayee${n}` };
  }
  const save = (token: string, input: Record<string, unknown>) =>
    client.call(
      extractSave,
      { amount: 10_000, accountType: 'wechat', accountName: '林小雨', payPassword: TEST_PAY_PIN, ...input } as never,
      { token },
    );
  const detail = async (token: string, id: string) =>
    (await client.call(extractDetail, { id }, { token })).data as Withdrawal;
  const sweep = () => t.app.inject({ method: 'POST', url: '/dev/sweep', payload: { aheadMinutes: 0 } });
  const notify = (n: { headers: Record<string, string>; body: string }) =>
    t.app.inject({ method: 'POST', url: '/pay/notify/wechat-transfer', headers: n.headers, payload: n.body });
  /** Staff approve a user's first payout (it waits for them on a real channel). */
  async function approve(id: string) {
    const finance = await ops.login('ops-finance', 'demo-fin-123');
    expectCode(await ops.call('POST', `/withdrawals/${id}/approve`, { token: finance }), '200');
  }

  it('offers WeChat only to a user with WeChat bound; one without is told to bind it, nothing reserved', async () => {
    const phoneOnly = await loginAs(t, '13900008801');
    const info = (await client.call(extractUserInfo, {}, { token: phoneOnly.token })).data as {
      accountTypes: string[];
    };
    expect(info.accountTypes).toEqual([]);
    const { token } = await wechatUser();
    expect(
      ((await client.call(extractUserInfo, {}, { token })).data as { accountTypes: string[] }).accountTypes,
    ).toEqual(['wechat']);
    // Alipay has no channel here: the user is sent to WeChat; a typed account changes nothing.
    expectCode(
      await save(token, { accountType: 'alipay', accountNo: '13900008802' }),
      '10002',
      '暂不支持提现到支付宝，请选择微信',
    );
    expectCode(await save(token, { accountType: 'bank' }), '10002', '请选择提现方式');
    expect(await t.db.selectFrom('withdrawals').select('id').execute()).toHaveLength(0);
  });

  it('pays the openid of the payout app under the verified name, waits for 确认收款, and is paid on the notification', async () => {
    const { token, userId, openid } = await wechatUser();
    const saved = await save(token, {});
    expectCode(saved, '200');
    const w = saved.data as Withdrawal;
    expect(w).toMatchObject({ accountType: 'wechat', accountNo: '微信零钱', status: 'in_review', arrival: 9_900 });
    await approve(w.id);
    await sweep();
    const row = await t.db
      .selectFrom('withdrawals')
      .select(['out_biz_no', 'provider', 'status'])
      .where('id', '=', Number(w.id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ provider: 'wechat', status: 'confirming' });
    const bill = transfers.bills.get(row.out_biz_no);
    expect(bill).toMatchObject({ amount: 9_900, userName: '林小雨', state: 'WAIT_USER_CONFIRM' });
    expect(transfers.calls.at(-1)).toMatchObject({ method: 'POST', signedByMerchant: true });
    expect(transfers.bodies.at(-1)).toMatchObject({ appid: wxApp.appId, openid, transfer_scene_id: '1005' });
    // What the page hands wx.requestMerchantTransfer.
    expect(await detail(token, w.id)).toMatchObject({
      status: 'confirming',
      statusLabel: '待确认收款',
      confirm: { mchId, appId: wxApp.appId, package: 'pkg-1' },
    });

    // A forged notification (another key) and one for another merchant move nothing.
    const forged = await notify(
      transferNotice(
        { ...keys, platformPrivateKey: pair().privateKey },
        { mch_id: mchId, out_bill_no: row.out_biz_no, state: 'SUCCESS' },
      ),
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'FAIL' });
    expect(
      (await notify(transferNotice(keys, { mch_id: '1900000999', out_bill_no: row.out_biz_no, state: 'SUCCESS' })))
        .statusCode,
    ).toBe(400);
    // A genuine one that claims SUCCESS before WeChat's record says so: settled by the query, still waiting.
    expect(
      (await notify(transferNotice(keys, { mch_id: mchId, out_bill_no: row.out_biz_no, state: 'SUCCESS' }))).statusCode,
    ).toBe(204);
    expect((await detail(token, w.id)).status).toBe('confirming');

    // The payee confirms in WeChat: the bill succeeds and WeChat notifies, twice at once.
    if (bill) bill.state = 'SUCCESS';
    const genuine = () =>
      notify(transferNotice(keys, { mch_id: mchId, out_bill_no: row.out_biz_no, state: 'SUCCESS' }));
    const answers = await Promise.all([genuine(), genuine()]);
    expect(answers.map((a) => a.statusCode)).toEqual([204, 204]);
    expect(await detail(token, w.id)).toMatchObject({ status: 'paid', statusLabel: '已到账' });
    expect((await balanceOf(t.db, Accounts.payout('wechat'))).posted).toBeGreaterThanOrEqual(9_900);
    expect((await balanceOf(t.db, Accounts.userAvailable(userId))).available).toBe(40_000);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('a bill the payee never confirms (CANCELLED) ends failed with the money back on the balance', async () => {
    const { token, userId } = await wechatUser();
    const w = (await save(token, {})).data as Withdrawal;
    await approve(w.id);
    await sweep();
    const { out_biz_no } = await t.db
      .selectFrom('withdrawals')
      .select('out_biz_no')
      .where('id', '=', Number(w.id))
      .executeTakeFirstOrThrow();
    const bill = transfers.bills.get(out_biz_no);
    if (bill) bill.state = 'CANCELLED';
    expect(
      (await notify(transferNotice(keys, { mch_id: mchId, out_bill_no: out_biz_no, state: 'CANCELLED' }))).statusCode,
    ).toBe(204);
    expect(await detail(token, w.id)).toMatchObject({
      status: 'failed',
      reason: '未在规定时间内确认收款，金额已退回余额',
    });
    expect((await balanceOf(t.db, Accounts.userAvailable(userId))).available).toBe(50_000);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
