import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlipayPayout } from '../src/modules/withdrawal/alipay-payout';
import { createWechatPayout } from '../src/modules/withdrawal/wechat-payout';
import { type AlipayFundFake, startAlipayFundFake } from './fakes/alipay-fund-fake';
import { startWechatTransferFake, transferNotice, type WechatTransferFake } from './fakes/wechat-transfer-fake';

/** RSA-2048 key pairs made here: the tests never see a real key. */
const pair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

const transfer = (outBizNo: string) => ({
  outBizNo,
  accountNo: '13900007777',
  accountName: '林小雨',
  amountFen: 9_900,
  remark: '交易猫余额提现',
});

describe('Alipay 单笔转账 (alipay-sdk) against a local fake of the gateway', () => {
  const app = pair();
  const alipay = pair();
  let fake: AlipayFundFake;
  const payout = () =>
    createAlipayPayout({
      appId: '2021000000000001',
      privateKey: app.privateKey,
      alipayPublicKey: alipay.publicKey,
      gateway: fake.url,
      timeoutMs: 500,
    });
  beforeAll(async () => {
    fake = await startAlipayFundFake({ appPublicKey: app.publicKey, alipayPrivateKey: alipay.privateKey });
  });
  afterAll(() => fake.close());

  it('signs the transfer, names the payee by 登录号 with the name, and reads a signed SUCCESS', async () => {
    fake.mode = 'ok';
    const outcome = await payout().pay(transfer('WD1'));
    expect(outcome).toMatchObject({ state: 'paid', ref: expect.stringMatching(/^2026/) });
    const call = fake.calls.at(-1);
    expect(call?.signedByApp).toBe(true);
    expect(call?.biz).toMatchObject({
      out_biz_no: 'WD1',
      trans_amount: '99.00',
      product_code: 'TRANS_ACCOUNT_NO_PWD',
      biz_scene: 'DIRECT_TRANSFER',
      payee_info: { identity: '13900007777', identity_type: 'ALIPAY_LOGON_ID', name: '林小雨' },
    });
    // The same number again: Alipay answers the first transfer, it pays once.
    expect(await payout().pay(transfer('WD1'))).toEqual(outcome);
    expect(await payout().query('WD1')).toEqual(outcome);
    expect(await payout().query('WD-none')).toEqual({ state: 'absent' });
  });

  it('refuses on every documented certain failure, and is unknown on SYSTEM_ERROR, 20000, garbage, a forged sign and a timeout', async () => {
    for (const subCode of [
      'PAYEE_NOT_EXIST',
      'PAYEE_USER_INFO_ERROR',
      'PAYER_BALANCE_NOT_ENOUGH',
      'PAYEE_ACCOUNT_STATUS_ERROR',
    ]) {
      fake.mode = { subCode };
      expect(await payout().pay(transfer(`WD-${subCode}`))).toMatchObject({ state: 'refused', code: subCode });
    }
    fake.mode = { subCode: 'PAYEE_USER_INFO_ERROR' };
    expect(await payout().pay(transfer('WD2'))).toMatchObject({
      reason: '收款支付宝账号与姓名不一致，请核对后重新提现',
    });
    for (const mode of ['system-error', 'unavailable', 'garbage', 'forged', 'timeout'] as const) {
      fake.mode = mode;
      expect(await payout().pay(transfer(`WD-${mode}`)), mode).toMatchObject({ state: 'unknown' });
    }
    fake.mode = 'dealing';
    expect(await payout().pay(transfer('WD3'))).toMatchObject({ state: 'pending' });
    // Signed by another app key: the fake refuses it as Alipay does, and the adapter learns nothing certain.
    const stranger = createAlipayPayout({
      appId: '2021000000000001',
      privateKey: pair().privateKey,
      alipayPublicKey: alipay.publicKey,
      gateway: fake.url,
    });
    fake.mode = 'ok';
    expect(await stranger.pay(transfer('WD4'))).toMatchObject({ state: 'unknown' });
    expect(fake.calls.at(-1)?.signedByApp).toBe(false);
  });
});

describe('WeChat Pay 商家转账 (API v3) against a local fake', () => {
  const merchant = pair();
  const platform = pair();
  const apiV3Key = randomBytes(16).toString('hex');
  let fake: WechatTransferFake;
  const payout = (now = Date.now) =>
    createWechatPayout({
      mchId: '1900000001',
      appId: 'wx0000000000000001',
      serialNo: 'MERCHANT01',
      privateKey: merchant.privateKey,
      platformPublicKey: platform.publicKey,
      platformSerial: 'PUB_KEY_ID_01',
      apiV3Key,
      sceneId: '1005',
      sceneReport: [
        { info_type: '岗位类型', info_content: '游戏交易卖家' },
        { info_type: '报酬说明', info_content: '交易货款提现' },
      ],
      notifyUrl: 'https://market.example/pay/notify/wechat-transfer',
      baseUrl: fake.url,
      timeoutMs: 500,
      now,
    });
  beforeAll(async () => {
    fake = await startWechatTransferFake({
      merchantPublicKey: merchant.publicKey,
      platformPrivateKey: platform.privateKey,
      platformSerial: 'PUB_KEY_ID_01',
    });
  });
  afterAll(() => fake.close());

  it('signs the bill, encrypts the name, and hands WAIT_USER_CONFIRM back for 确认收款', async () => {
    fake.mode = 'ok';
    const outcome = await payout().pay({ ...transfer('WD10'), accountNo: 'o-openid-1' });
    expect(outcome).toMatchObject({ state: 'confirming', packageInfo: 'pkg-1' });
    expect(fake.calls.at(-1)).toMatchObject({ method: 'POST', signedByMerchant: true });
    expect(fake.bills.get('WD10')?.userName).toBe('林小雨');
    expect(await payout().query('WD10')).toMatchObject({ state: 'confirming' });
    const held = fake.bills.get('WD10');
    if (held) held.state = 'SUCCESS';
    expect(await payout().query('WD10')).toMatchObject({ state: 'paid' });
    expect(await payout().query('WD-none')).toEqual({ state: 'absent' });
  });

  it('refuses NOT_ENOUGH and INVALID_REQUEST; SYSTEM_ERROR, a wrong serial and a timeout are unknown', async () => {
    fake.mode = { status: 403, code: 'NOT_ENOUGH' };
    expect(await payout().pay(transfer('WD11'))).toMatchObject({ state: 'refused', code: 'NOT_ENOUGH' });
    fake.mode = { status: 400, code: 'INVALID_REQUEST' };
    expect(await payout().pay(transfer('WD12'))).toMatchObject({ state: 'refused', code: 'INVALID_REQUEST' });
    for (const mode of [
      { status: 500, code: 'SYSTEM_ERROR' },
      { status: 429, code: 'FREQUENCY_LIMITED' },
      'wrong-serial',
      'timeout',
    ] as const) {
      fake.mode = mode;
      expect(await payout().pay(transfer('WD13')), JSON.stringify(mode)).toMatchObject({ state: 'unknown' });
    }
  });

  it('takes a notification only when signed by the platform key with its serial, fresh, and for our merchant', () => {
    const bill = { mch_id: '1900000001', out_bill_no: 'WD10', state: 'SUCCESS' };
    const keys = { platformPrivateKey: platform.privateKey, platformSerial: 'PUB_KEY_ID_01', apiV3Key };
    const check = (n: { headers: Record<string, string>; body: string }) => payout().verifyNotice(n.headers, n.body);
    expect(check(transferNotice(keys, bill))).toEqual({ outBizNo: 'WD10' });
    expect(check(transferNotice({ ...keys, platformPrivateKey: pair().privateKey }, bill))).toBeNull();
    expect(check(transferNotice({ ...keys, platformSerial: 'OTHER' }, bill))).toBeNull();
    // Another merchant's bill, and a replay from ten minutes ago.
    expect(check(transferNotice(keys, { ...bill, mch_id: '1900000002' }))).toBeNull();
    expect(check(transferNotice(keys, bill, Math.floor(Date.now() / 1000) - 600))).toBeNull();
    // The body changed after signing.
    const genuine = transferNotice(keys, bill, undefined, 'EV-1');
    expect(check({ ...genuine, body: genuine.body.replace('EV-1', 'EV-2') })).toBeNull();
  });
});
