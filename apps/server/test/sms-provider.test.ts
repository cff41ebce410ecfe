import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeCode, sendCode } from '../src/modules/sms/sms.service';
import { migrate } from '../src/platform/db/database';
import { memoryRateStore } from '../src/platform/rate/rate-store';
import { createTencentSms, SmsSendError } from '../src/platform/sms/tencent-sms';
import { freshDatabase, type TestDatabase } from './helpers';

/**
 * The Tencent Cloud SMS adapter (official SDK) against a local fake of its HTTP API: a POST of
 * JSON to /, action and version in X-TC-* headers, a TC3-HMAC-SHA256 signature, answers
 * {Response: {SendStatusSet | Error, RequestId}} as the real API does.
 */

interface Seen {
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

type Answer = 'ok' | 'error' | 'refused-number';

let answer: Answer = 'ok';
const seen: Seen[] = [];
let endpoint = '';
const fake = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (chunk) => {
    raw += chunk;
  });
  req.on('end', () => {
    const body = JSON.parse(raw) as Record<string, unknown>;
    seen.push({ headers: req.headers, body });
    const RequestId = `req-${seen.length}`;
    const phone = (body.PhoneNumberSet as string[])[0];
    const response =
      answer === 'error'
        ? {
            Error: {
              Code: 'FailedOperation.TemplateIncorrectOrUnapproved',
              Message: `template not approved (to ${phone})`,
            },
            RequestId,
          }
        : {
            SendStatusSet: [
              answer === 'ok'
                ? {
                    SerialNo: '2028:1',
                    PhoneNumber: phone,
                    Fee: 1,
                    SessionContext: '',
                    Code: 'Ok',
                    Message: 'send success',
                    IsoCode: 'CN',
                  }
                : {
                    SerialNo: '',
                    PhoneNumber: phone,
                    Fee: 0,
                    SessionContext: '',
                    Code: 'LimitExceeded.PhoneNumberDailyLimit',
                    Message: 'the number has reached its daily limit',
                    IsoCode: 'CN',
                  },
            ],
            RequestId,
          };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ Response: response }));
  });
});

let pg: TestDatabase;
beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  pg = await freshDatabase();
  await migrate(pg.db);
});
afterAll(async () => {
  await new Promise((resolve) => fake.close(resolve));
  await pg?.drop();
});

const provider = () =>
  createTencentSms({
    secretId: 'AKIDexample',
    secretKey: 'secret-key',
    sdkAppId: '1400123456',
    signName: '交易猫测试',
    templateId: '2100001',
    region: 'ap-guangzhou',
    endpoint,
  });

describe('Tencent Cloud SMS adapter', () => {
  it('sends SendSms to +86 with the code as the one template parameter, signed', async () => {
    answer = 'ok';
    await provider().send({ phone: '13812345678', smsType: 'phoneLogin', code: '4321' });
    const request = seen.at(-1) as Seen;
    expect(request.headers['x-tc-action']).toBe('SendSms');
    expect(request.headers['x-tc-version']).toBe('2021-01-11');
    expect(request.headers['x-tc-region']).toBe('ap-guangzhou');
    // The scope's service is the endpoint's first label: sms on sms.tencentcloudapi.com, 127 here.
    expect(request.headers.authorization).toMatch(
      /^TC3-HMAC-SHA256 Credential=AKIDexample\/\d{4}-\d\d-\d\d\/\w+\/tc3_request, SignedHeaders=\S+, Signature=[0-9a-f]{64}$/,
    );
    expect(request.body).toMatchObject({
      PhoneNumberSet: ['+8613812345678'],
      SmsSdkAppId: '1400123456',
      SignName: '交易猫测试',
      TemplateId: '2100001',
      TemplateParamSet: ['4321'],
    });
  });

  it('throws on an error answer, with the provider code and no full phone', async () => {
    answer = 'error';
    const error = await provider()
      .send({ phone: '13812345678', smsType: 'phoneLogin', code: '4321' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsSendError);
    expect((error as SmsSendError).providerCode).toBe('FailedOperation.TemplateIncorrectOrUnapproved');
    expect((error as Error).message).not.toContain('13812345678');
    expect((error as Error).message).toContain('138****5678');
  });

  it('throws when the number itself was not accepted (its SendStatus not Ok)', async () => {
    answer = 'refused-number';
    await expect(provider().send({ phone: '13812345678', smsType: 'verifyCode', code: '1111' })).rejects.toThrow(
      /LimitExceeded\.PhoneNumberDailyLimit/,
    );
  });

  it('sendCode stores nothing when the provider fails: the previous code stays the one that works', async () => {
    let clock = Date.now();
    const sent: string[] = [];
    const tencent = provider();
    const deps = {
      db: pg.db,
      rates: memoryRateStore(() => clock),
      hashSecret: 'test-secret',
      sms: {
        name: 'tencent',
        send: async (m: { phone: string; smsType: string; code: string }) => {
          await tencent.send(m);
          sent.push(m.code);
        },
      },
    };
    const phone = '13900001111';
    const input = { phone, smsType: 'phoneLogin' as const, address: '10.0.0.1' };
    answer = 'ok';
    await sendCode(deps, input);
    const rows = () => pg.db.selectFrom('sms_codes').selectAll().where('phone', '=', phone).execute();
    expect(await rows()).toHaveLength(1);

    clock += 61_000;
    answer = 'error';
    await expect(sendCode(deps, input)).rejects.toThrow(SmsSendError);
    const after = await rows();
    expect(after).toHaveLength(1);
    expect(after[0]?.burned_at).toBeNull();
    expect(sent).toHaveLength(1);
    await consumeCode(deps, { phone, smsType: 'phoneLogin', code: sent[0] as string });
    // The failed send's cooldown is lifted: the user may ask again at once.
    answer = 'ok';
    await expect(sendCode(deps, input)).resolves.toBeUndefined();
    expect(await rows()).toHaveLength(2);
  });
});
