import { createCipheriv, createSign, generateKeyPairSync, randomBytes, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAlipayGateway } from '../src/modules/payments/alipay-gateway';
import { createWechatGateway, decryptResource } from '../src/modules/payments/wechat-gateway';

/** RSA-2048 key pairs made here: the tests never see a real key. */
const pair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

/** Alipay's signing rule: sorted key=value pairs except sign and sign_type, RSA-SHA256, base64. */
function alipaySign(privateKey: string, params: Record<string, string>): string {
  const text = Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createSign('RSA-SHA256').update(text).sign(privateKey, 'base64');
}

describe('the Alipay adapter (alipay-sdk)', () => {
  const app = pair();
  const alipay = pair();
  const gateway = createAlipayGateway({
    appId: '2021000000000001',
    privateKey: app.privateKey,
    alipayPublicKey: alipay.publicKey,
    sellerId: '2088000000000002',
    notifyUrl: 'https://market.example/pay/notify/alipay',
  });

  it('signs the wap pay request with the app key', async () => {
    const { payUrl } = await gateway.create({
      tradeNo: 'P1abc',
      amountFen: 12_345,
      subject: '70级战士',
      channel: 1,
      kind: 'wap',
      returnUrl: '/h5/pages/index/index',
    });
    const url = new URL(payUrl);
    const params = Object.fromEntries(url.searchParams) as Record<string, string>;
    expect(params).toMatchObject({ method: 'alipay.trade.wap.pay', app_id: '2021000000000001', sign_type: 'RSA2' });
    expect(JSON.parse(params.biz_content ?? '{}')).toMatchObject({
      out_trade_no: 'P1abc',
      total_amount: '123.45',
      product_code: 'QUICK_WAP_WAY',
    });
    const text = Object.keys(params)
      .filter((k) => k !== 'sign')
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
    expect(verify('RSA-SHA256', Buffer.from(text), app.publicKey, Buffer.from(params.sign ?? '', 'base64'))).toBe(true);
  });

  it('accepts a notification signed by Alipay and refuses forged, tampered and foreign ones', async () => {
    const base = {
      app_id: '2021000000000001',
      seller_id: '2088000000000002',
      out_trade_no: 'P1abc',
      trade_no: '2026112322001400000000000001',
      total_amount: '123.45',
      trade_status: 'TRADE_SUCCESS',
      notify_id: 'n1',
      notify_time: '2026-11-23 12:00:00',
      charset: 'utf-8',
      sign_type: 'RSA2',
    };
    const body = (params: Record<string, string>, key = alipay.privateKey) =>
      new URLSearchParams({ ...params, sign: alipaySign(key, params) }).toString();
    expect(await gateway.verify({ headers: {}, body: body(base) })).toEqual({
      tradeNo: 'P1abc',
      amountFen: 12_345,
      providerTradeNo: '2026112322001400000000000001',
      outcome: 'paid',
    });
    expect(await gateway.verify({ headers: {}, body: body(base, pair().privateKey) })).toBeNull();
    const tampered = new URLSearchParams(body(base));
    tampered.set('total_amount', '1.00');
    expect(await gateway.verify({ headers: {}, body: tampered.toString() })).toBeNull();
    expect(await gateway.verify({ headers: {}, body: body({ ...base, app_id: '2021000000000999' }) })).toBeNull();
    expect(await gateway.verify({ headers: {}, body: body({ ...base, seller_id: '2088000000000999' }) })).toBeNull();
    expect(gateway.ack(true)).toMatchObject({ status: 200, body: 'success' });
    expect(gateway.ack(false).body).toBe('fail');
  });
});

describe('the WeChat Pay v3 adapter', () => {
  const merchant = pair();
  const platform = pair();
  const apiV3Key = randomBytes(16).toString('hex');
  const seen: Array<{ url: string; authorization: string; body: string }> = [];
  const fakeFetch = (async (url: string, init: { headers: Record<string, string>; body: string }) => {
    seen.push({ url, authorization: init.headers.authorization ?? '', body: init.body });
    return new Response(
      JSON.stringify({ h5_url: 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1' }),
      { status: 200 },
    );
  }) as unknown as typeof fetch;
  const gateway = createWechatGateway({
    mchId: '1900000001',
    appId: 'wx0000000000000001',
    serialNo: 'SERIAL01',
    privateKey: merchant.privateKey,
    platformPublicKey: platform.publicKey,
    apiV3Key,
    notifyUrl: 'https://market.example/pay/notify/wechat',
    fetch: fakeFetch,
  });

  it('signs the H5 order with the merchant key', async () => {
    const { payUrl } = await gateway.create({
      tradeNo: 'P2abc',
      amountFen: 8_800,
      subject: '金币',
      channel: 2,
      kind: 'h5',
      returnUrl: '/h5/pages/index/index',
    });
    expect(new URL(payUrl).searchParams.get('redirect_url')).toBe('/h5/pages/index/index');
    const call = seen[0]!;
    expect(call.url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/h5');
    expect(JSON.parse(call.body)).toMatchObject({
      out_trade_no: 'P2abc',
      amount: { total: 8_800, currency: 'CNY' },
      mchid: '1900000001',
    });
    const fields = Object.fromEntries([...call.authorization.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const message = `POST\n/v3/pay/transactions/h5\n${fields.timestamp}\n${fields.nonce_str}\n${call.body}\n`;
    expect(
      verify('RSA-SHA256', Buffer.from(message), merchant.publicKey, Buffer.from(fields.signature ?? '', 'base64')),
    ).toBe(true);
  });

  /** A notification as WeChat Pay sends it: the transaction encrypted with the APIv3 key, the whole signed. */
  function notification(tx: object, opts: { key?: string; timestamp?: number } = {}) {
    const nonce = randomBytes(6).toString('hex');
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
    cipher.setAAD(Buffer.from('transaction', 'utf8'));
    const ciphertext = Buffer.concat([
      cipher.update(JSON.stringify(tx), 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]).toString('base64');
    const body = JSON.stringify({
      id: 'EV-1',
      event_type: 'TRANSACTION.SUCCESS',
      resource_type: 'encrypt-resource',
      resource: {
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext,
        nonce,
        associated_data: 'transaction',
        original_type: 'transaction',
      },
    });
    const timestamp = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
    const headerNonce = randomBytes(8).toString('hex');
    const signature = createSign('RSA-SHA256')
      .update(`${timestamp}\n${headerNonce}\n${body}\n`)
      .sign(opts.key ?? platform.privateKey, 'base64');
    return {
      headers: {
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': headerNonce,
        'wechatpay-signature': signature,
        'wechatpay-serial': 'PLATFORM01',
      },
      body,
    };
  }
  const tx = {
    mchid: '1900000001',
    appid: 'wx0000000000000001',
    out_trade_no: 'P2abc',
    transaction_id: '4200000000202611230000000001',
    trade_state: 'SUCCESS',
    amount: { total: 8_800, payer_total: 8_800, currency: 'CNY' },
  };

  it('accepts a genuine notification and refuses forged, stale and foreign ones', async () => {
    expect(await gateway.verify(notification(tx))).toEqual({
      tradeNo: 'P2abc',
      amountFen: 8_800,
      providerTradeNo: '4200000000202611230000000001',
      outcome: 'paid',
    });
    expect(await gateway.verify(notification(tx, { key: pair().privateKey }))).toBeNull();
    expect(await gateway.verify(notification(tx, { timestamp: Math.floor(Date.now() / 1000) - 600 }))).toBeNull();
    expect(await gateway.verify(notification({ ...tx, mchid: '1900000999' }))).toBeNull();
    const genuine = notification(tx);
    expect(await gateway.verify({ ...genuine, body: genuine.body.replace('EV-1', 'EV-2') })).toBeNull();
    expect(gateway.ack(true)).toMatchObject({ status: 204 });
    expect(gateway.ack(false).status).toBe(400);
    const { resource } = JSON.parse(genuine.body);
    expect(JSON.parse(decryptResource(apiV3Key, resource))).toMatchObject({ out_trade_no: 'P2abc' });
  });
});
