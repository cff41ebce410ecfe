import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlipayGateway } from '../src/modules/payments/alipay-gateway';
import { createWechatGateway } from '../src/modules/payments/wechat-gateway';
import { type AlipayRefundFake, startAlipayRefundFake } from './fakes/alipay-refund-fake';
import { startWechatRefundFake, type WechatRefundFake } from './fakes/wechat-refund-fake';

/** RSA-2048 key pairs made here: the tests never see a real key. */
const pair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

const refund = (refundNo: string, tradeNo = 'P1000', amountFen = 2_610) => ({
  tradeNo,
  refundNo,
  amountFen,
  totalFen: 2_610,
  reason: '客服退款',
});

describe('Alipay refunds (alipay-sdk: alipay.trade.refund, alipay.trade.fastpay.refund.query) against a local fake', () => {
  const app = pair();
  const alipay = pair();
  let fake: AlipayRefundFake;
  const gateway = (privateKey = app.privateKey) =>
    createAlipayGateway({
      appId: '2021000000000001',
      privateKey,
      alipayPublicKey: alipay.publicKey,
      notifyUrl: 'https://market.example/pay/notify/alipay',
      gateway: fake.url,
      timeoutMs: 500,
    });
  beforeAll(async () => {
    fake = await startAlipayRefundFake({ appPublicKey: app.publicKey, alipayPrivateKey: alipay.privateKey });
    fake.trades.set('P1000', '26.10');
  });
  afterAll(() => fake.close());

  it('signs the refund with out_request_no = our number, reads a signed fund_change Y, refunds one number once', async () => {
    fake.mode = 'ok';
    const first = await gateway().refund(refund('RF1', 'P1000', 1_000));
    expect(first).toMatchObject({ state: 'succeeded', providerRefundNo: expect.stringMatching(/^2026/) });
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'alipay.trade.refund',
      signedByApp: true,
      biz: { out_trade_no: 'P1000', out_request_no: 'RF1', refund_amount: '10.00', refund_reason: '客服退款' },
    });
    // The same number again: fund_change N, the query says it succeeded; nothing refunded twice.
    expect(await gateway().refund(refund('RF1', 'P1000', 1_000))).toMatchObject({ state: 'succeeded' });
    expect(fake.calls.at(-1)?.method).toBe('alipay.trade.fastpay.refund.query');
    expect(fake.refunds.size).toBe(1);
    expect(await gateway().queryRefund({ tradeNo: 'P1000', refundNo: 'RF1' })).toMatchObject({ state: 'succeeded' });
    expect(await gateway().queryRefund({ tradeNo: 'P1000', refundNo: 'RF-none' })).toEqual({ state: 'absent' });
    // More than is left of the trade: refused for certain.
    expect(await gateway().refund(refund('RF2', 'P1000', 2_000))).toMatchObject({
      state: 'refused',
      code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
      reason: '退款金额超过可退金额',
    });
  });

  it('refuses on documented certain failures; ACQ.SYSTEM_ERROR, garbage, a forged sign, a stranger key and a timeout are unknown', async () => {
    for (const subCode of [
      'ACQ.TRADE_HAS_FINISHED',
      'ACQ.SELLER_BALANCE_NOT_ENOUGH',
      'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
    ]) {
      fake.mode = { subCode };
      expect(await gateway().refund(refund(`RF-${subCode}`)), subCode).toMatchObject({
        state: 'refused',
        code: subCode,
      });
    }
    fake.mode = { subCode: 'ACQ.SELLER_BALANCE_NOT_ENOUGH' };
    expect(await gateway().refund(refund('RF3'))).toMatchObject({ reason: '平台支付宝账户余额不足' });
    for (const mode of ['system-error', 'garbage', 'forged', 'timeout'] as const) {
      fake.mode = mode;
      expect(await gateway().refund(refund(`RF-${mode}`, 'P1000', 10)), mode).toMatchObject({ state: 'unknown' });
    }
    fake.mode = 'timeout';
    expect(await gateway().queryRefund({ tradeNo: 'P1000', refundNo: 'RF1' })).toMatchObject({ state: 'unknown' });
    // Signed by another app key: the fake refuses it as Alipay does, and nothing certain is learnt.
    fake.mode = 'ok';
    expect(await gateway(pair().privateKey).refund(refund('RF4', 'P1000', 10))).toMatchObject({ state: 'unknown' });
    expect(fake.calls.at(-1)?.signedByApp).toBe(false);
    // The forged answer's refund did happen at Alipay: the query by the same number finds it.
    expect(await gateway().queryRefund({ tradeNo: 'P1000', refundNo: 'RF-forged' })).toMatchObject({
      state: 'succeeded',
    });
  });
});

describe('WeChat Pay refunds (API v3 /v3/refund/domestic/refunds) against a local fake', () => {
  const merchant = pair();
  const platform = pair();
  const apiV3Key = randomBytes(16).toString('hex');
  const mchId = '1900000001';
  let fake: WechatRefundFake;
  const gateway = (now = Date.now) =>
    createWechatGateway({
      mchId,
      appId: 'wx0000000000000001',
      serialNo: 'MERCHANT01',
      privateKey: merchant.privateKey,
      platformPublicKey: platform.publicKey,
      platformSerial: 'PUB_KEY_ID_01',
      apiV3Key,
      notifyUrl: 'https://market.example/pay/notify/wechat',
      baseUrl: fake.url,
      timeoutMs: 500,
      now,
    });
  beforeAll(async () => {
    fake = await startWechatRefundFake({
      merchantPublicKey: merchant.publicKey,
      platformPrivateKey: platform.privateKey,
      platformSerial: 'PUB_KEY_ID_01',
      apiV3Key,
      mchId,
    });
    fake.trades.set('P2000', 2_610);
  });
  afterAll(() => fake.close());

  it('signs the refund by out_refund_no with the total and its notify URL; a repeat answers the first', async () => {
    fake.mode = 'ok';
    expect(await gateway().refund(refund('RFW1', 'P2000', 1_000))).toMatchObject({
      state: 'succeeded',
      providerRefundNo: expect.stringMatching(/^503/),
    });
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v3/refund/domestic/refunds',
      signedByMerchant: true,
      body: {
        out_trade_no: 'P2000',
        out_refund_no: 'RFW1',
        notify_url: 'https://market.example/pay/notify/wechat-refund',
        amount: { refund: 1_000, total: 2_610, currency: 'CNY' },
      },
    });
    expect(await gateway().refund(refund('RFW1', 'P2000', 1_000))).toMatchObject({ state: 'succeeded' });
    expect(fake.refunds.size).toBe(1);
    fake.mode = 'processing';
    expect(await gateway().refund(refund('RFW2', 'P2000', 500))).toMatchObject({ state: 'processing' });
    fake.mode = 'ok';
    expect(await gateway().queryRefund({ tradeNo: 'P2000', refundNo: 'RFW2' })).toMatchObject({ state: 'processing' });
    const held = fake.refunds.get('RFW2');
    if (held) held.status = 'ABNORMAL';
    expect(await gateway().queryRefund({ tradeNo: 'P2000', refundNo: 'RFW2' })).toMatchObject({
      state: 'refused',
      code: 'ABNORMAL',
    });
    expect(await gateway().queryRefund({ tradeNo: 'P2000', refundNo: 'RFW-none' })).toEqual({ state: 'absent' });
  });

  it('refuses NOT_ENOUGH and USER_ACCOUNT_ABNORMAL; SYSTEM_ERROR, FREQUENCY_LIMITED, a wrong serial and a timeout are unknown', async () => {
    fake.mode = { status: 403, code: 'NOT_ENOUGH' };
    expect(await gateway().refund(refund('RFW3', 'P2000', 10))).toMatchObject({
      state: 'refused',
      code: 'NOT_ENOUGH',
      reason: '平台微信支付账户余额不足',
    });
    fake.mode = { status: 403, code: 'USER_ACCOUNT_ABNORMAL' };
    expect(await gateway().refund(refund('RFW3', 'P2000', 10))).toMatchObject({
      state: 'refused',
      code: 'USER_ACCOUNT_ABNORMAL',
    });
    for (const mode of [
      { status: 500, code: 'SYSTEM_ERROR' },
      { status: 429, code: 'FREQUENCY_LIMITED' },
      'wrong-serial',
      'timeout',
    ] as const) {
      fake.mode = mode;
      expect(await gateway().refund(refund('RFW4', 'P2000', 10)), JSON.stringify(mode)).toMatchObject({
        state: 'unknown',
      });
    }
  });

  it('takes a refund notification only when signed by the platform key with its serial, fresh, and for our merchant', async () => {
    fake.mode = 'ok';
    await gateway().refund(refund('RFW5', 'P2000', 100));
    const g = gateway();
    const verify = (n: { headers: Record<string, string>; body: string }) => g.verifyRefund?.(n);
    expect(await verify(fake.notice('RFW5'))).toEqual({
      refundNo: 'RFW5',
      outcome: { state: 'succeeded', providerRefundNo: expect.stringMatching(/^503/) },
    });
    // Forged: another key, another serial, another merchant, an event that is not a refund's.
    expect(await verify(fake.notice('RFW5', { signWith: pair().privateKey }))).toBeNull();
    expect(await verify(fake.notice('RFW5', { serial: 'OTHER' }))).toBeNull();
    expect(await verify(fake.notice('RFW5', { mchid: '1900000099' }))).toBeNull();
    expect(await verify(fake.notice('RFW5', { eventType: 'TRANSACTION.SUCCESS' }))).toBeNull();
    // Replayed ten minutes later.
    expect(await verify(fake.notice('RFW5', { at: Math.floor(Date.now() / 1000) - 600 }))).toBeNull();
    // The body changed after signing.
    const genuine = fake.notice('RFW5');
    expect(await verify({ ...genuine, body: genuine.body.replace('EV-', 'EV-X') })).toBeNull();
    // REFUND.CLOSED and REFUND.ABNORMAL: no money reached the payer.
    const held = fake.refunds.get('RFW5');
    if (held) held.status = 'CLOSED';
    expect(await verify(fake.notice('RFW5'))).toMatchObject({ outcome: { state: 'refused', code: 'CLOSED' } });
  });
});
