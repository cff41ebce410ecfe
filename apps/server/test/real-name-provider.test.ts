import { generateUploadUrl, identification, identificationByUploadImg } from '@app/protocol/calls/identity';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { RealNameUnavailable } from '../src/modules/identity/real-name/real-name-provider';
import { createTencentRealName } from '../src/modules/identity/real-name/tencent-real-name';
import { expectCode, idNumber, loginAs, useTestApp, useTestClient } from './helpers';
import { productionSettings } from './production-env';
import { type FakeAnswer, startTencentCloudFake } from './tencent-cloud-fake';

/**
 * Real names checked by Tencent Cloud (faceid IdCardVerification, OCR IDCardOCR) through the
 * adapter, against a local fake of the API that checks each TC3 signature: every documented
 * Result, error codes, garbage and timeouts verify nobody; final answers are kept, so a retry of
 * the same pair costs no second call; limits per user and per address; a race of two checks.
 */

const keys = { secretId: 'AKIDrealname', secretKey: 'realname-secret-key' };
const fake = await startTencentCloudFake(keys);
afterAll(() => fake.close());

/** faceid's answer per name (default: Result 0); OCR's per image path. */
const byName = new Map<string, FakeAnswer>();
const byImage: Array<[RegExp, FakeAnswer]> = [];
fake.script = (action, body) => {
  if (action === 'IdCardVerification')
    return byName.get(body.Name as string) ?? { kind: 'ok', body: { Result: '0', Description: '姓名和身份证号一致' } };
  const url = String(body.ImageUrl);
  return byImage.find(([re]) => re.test(url))?.[1] ?? { kind: 'error', code: 'FailedOperation.ImageNoIdCard' };
};
const result = (Result: string): FakeAnswer => ({ kind: 'ok', body: { Result, Description: `result ${Result}` } });
const calls = () => fake.calls.IdCardVerification ?? 0;
/** Names take Chinese characters only: the i-th of a family. */
const nth = (family: string, i: number) => `${family}${'甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉'[i]}`;

const t = useTestApp({
  REALNAME_DRIVER: 'tencent',
  REALNAME_TENCENT_SECRET_ID: keys.secretId,
  REALNAME_TENCENT_SECRET_KEY: keys.secretKey,
  REALNAME_FACEID_ENDPOINT: fake.endpoint,
  REALNAME_OCR_ENDPOINT: fake.endpoint,
  REALNAME_PER_USER_DAY: '4',
  REALNAME_PER_ADDRESS_DAY: '6',
  PUBLIC_BASE_URL: 'https://market.example',
  TRUST_PROXY: '1',
});
const client = useTestClient(t, 'H5');

let address = 0;
let phone = 13_600_000_000;
/** A new user calling from an address of its own (unless given one). */
async function newUser(from = `10.1.0.${++address}`) {
  const { token, uid } = await loginAs(t, String(++phone));
  const verify = (realName: string, idCard: string) =>
    client.call(identification, { realName, idCard }, { token, headers: { 'x-forwarded-for': from } });
  return { token, uid, verify };
}
const identities = () => t.db.selectFrom('identities').selectAll().execute();
const kept = () => t.db.selectFrom('real_name_checks').selectAll().execute();

beforeEach(() => {
  byName.clear();
  byImage.length = 0;
});

describe('Tencent Cloud faceid IdCardVerification', () => {
  it('asks with Name and IdCard, signed, and verifies on Result 0', async () => {
    const user = await newUser();
    const id = idNumber('19900101', '101');
    const before = calls();
    expectCode(await user.verify('张三', id), '200');
    expect(calls()).toBe(before + 1);
    const request = fake.seen.at(-1);
    expect(request?.headers['x-tc-action']).toBe('IdCardVerification');
    expect(request?.headers['x-tc-version']).toBe('2018-03-01');
    expect(request?.body).toEqual({ IdCard: id, Name: '张三' });
    expect(await kept()).toContainEqual(expect.objectContaining({ outcome: 'match', provider: 'tencent' }));
    expect(JSON.stringify(await kept())).not.toContain(id);
  });

  it('answers each documented Result with its message and verifies nobody', async () => {
    const cases: Array<[string, string, boolean]> = [
      ['-1', '姓名与身份证号不一致，请核对后重试', true],
      ['-2', '身份证号无效，请核对后重试', true],
      ['-3', '姓名格式不正确，请填写身份证上的姓名', true],
      ['-4', '证件库服务繁忙，请稍后再试', false],
      ['-5', '证件库中无此身份证号记录，请核对号码或联系客服', true],
      ['-6', '证件库服务繁忙，请稍后再试', false],
      ['-7', '该身份证今日认证次数已达上限，请明天再试', false],
    ];
    for (const [code, message, final] of cases) {
      const user = await newUser();
      const name = nth('王', Number(code.slice(1)));
      byName.set(name, result(code));
      const id = idNumber('19880808', `2${code.slice(1)}0`);
      expectCode(await user.verify(name, id), '10002', message);
      // A final answer is kept: the retry asks nobody. Any other is asked again.
      const before = calls();
      expectCode(await user.verify(name, id), '10002', message);
      expect(calls()).toBe(final ? before : before + 1);
    }
    expect(await identities()).toHaveLength(1);
  });

  it('treats every error code, garbage and an unknown Result as no answer: nothing kept, nobody verified', async () => {
    const errors = [
      'AuthFailure.SecretIdNotFound',
      'FailedOperation.UnKnown',
      'InternalError',
      'InvalidParameter',
      'InvalidParameterValue',
      'LimitExceeded',
      'RequestLimitExceeded',
      'ResourceUnavailable.NotExist',
      'UnauthorizedOperation.Arrears',
      'UnauthorizedOperation.NonAuthorize',
      'UnauthorizedOperation.Nonactivated',
    ];
    const answers: FakeAnswer[] = [
      ...errors.map((code): FakeAnswer => ({ kind: 'error', code })),
      { kind: 'garbage', raw: '<html>502 Bad Gateway</html>' },
      { kind: 'garbage', raw: '{"Response":{"RequestId":"x"}}' },
      result('9'),
      { kind: 'ok', body: { Result: 0 } },
    ];
    const before = { kept: (await kept()).length, identities: (await identities()).length };
    for (const [i, answer] of answers.entries()) {
      byName.set('赵忙', answer);
      const res = await (await newUser()).verify('赵忙', idNumber('19870707', String(300 + i)));
      expectCode(res, '10002', '实名认证服务繁忙，请稍后再试');
    }
    expect((await kept()).length).toBe(before.kept);
    expect((await identities()).length).toBe(before.identities);
  });

  it('a kept match serves the next account of the same person without a second call', async () => {
    const id = idNumber('19790303', '401');
    const first = await newUser();
    expectCode(await first.verify('钱七', id), '200');
    const before = calls();
    const second = await newUser();
    expectCode(await second.verify('钱七', id), '200');
    expect(calls()).toBe(before);
    // Another name with the same number is another pair: asked.
    byName.set('钱八', result('-1'));
    expectCode(await (await newUser()).verify('钱八', id), '10002', '姓名与身份证号不一致，请核对后重试');
    expect(calls()).toBe(before + 1);
  });

  it('limits the checks that reach the provider per user and per address, before asking', async () => {
    const user = await newUser();
    for (let i = 0; i < 4; i++) {
      byName.set(nth('孙', i), result('-1'));
      expectCode(await user.verify(nth('孙', i), idNumber('19850505', String(500 + i))), '10002');
    }
    const before = calls();
    expectCode(await user.verify('孙对', idNumber('19850505', '510')), '10002', '今日实名认证尝试次数过多，请明天再试');
    expect(calls()).toBe(before);
    // A kept answer is free: the same pair again answers as before.
    expectCode(
      await user.verify(nth('孙', 0), idNumber('19850505', '500')),
      '10002',
      '姓名与身份证号不一致，请核对后重试',
    );

    const shared = '10.3.0.1';
    for (let i = 0; i < 6; i++) {
      byName.set(nth('周', i), result('-1'));
      const other = await newUser(shared);
      expectCode(await other.verify(nth('周', i), idNumber('19850505', String(520 + i))), '10002');
    }
    const last = await newUser(shared);
    expectCode(await last.verify('周对', idNumber('19850505', '530')), '10002', '今日实名认证尝试次数过多，请明天再试');
    expect(calls()).toBe(before + 6);
  });

  it('refuses a minor from the birth date without asking', async () => {
    const year = new Date().getUTCFullYear() - 10;
    const before = calls();
    expectCode(
      await (await newUser()).verify('吴小', idNumber(`${year}0101`, '601')),
      '10002',
      '未成年人禁止参与虚拟物品交易',
    );
    expect(calls()).toBe(before);
  });

  it('two verifications of one user at once: one call, one identity, the other told it is done', async () => {
    const user = await newUser();
    const id = idNumber('19910909', '701');
    const before = calls();
    const rows = (await identities()).length;
    const answers = await Promise.all([user.verify('郑九', id), user.verify('郑九', id)]);
    expect(answers.map((a) => a.code).sort()).toEqual(['10002', '200']);
    expect(answers.find((a) => a.code === '10002')?.msg).toBe('您已完成实名认证，无需重复认证');
    expect(calls()).toBe(before + 1);
    expect((await identities()).length).toBe(rows + 1);
  });
});

describe('the adapter on the wire', () => {
  const adapter = (overrides: Partial<Parameters<typeof createTencentRealName>[0]> = {}) =>
    createTencentRealName({
      ...keys,
      region: 'ap-guangzhou',
      faceidEndpoint: fake.endpoint,
      ocrEndpoint: fake.endpoint,
      ...overrides,
    });

  it('is refused by the fake when signed with another key (the fake recomputes every signature)', async () => {
    const error = await adapter({ secretKey: 'not-the-key' })
      .verify({ name: '张三', idCard: idNumber('19900101', '102') })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RealNameUnavailable);
    expect((error as RealNameUnavailable).providerCode).toBe('AuthFailure.SignatureFailure');
  });

  it('gives up on a provider that does not answer within its timeout', async () => {
    byName.set('冯慢', { kind: 'hang' });
    const started = Date.now();
    await expect(
      adapter({ timeoutSeconds: 1 }).verify({ name: '冯慢', idCard: idNumber('19900101', '103') }),
    ).rejects.toBeInstanceOf(RealNameUnavailable);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('the photo path: OCR IDCardOCR reads the portrait side', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  async function photos(token: string) {
    const upload = async () => {
      const url = (await client.call(generateUploadUrl, { typeName: 'png' }, { token })).data as string;
      await t.app.inject({ method: 'PUT', url, headers: { 'content-type': 'image/png' }, payload: PNG });
      return url.split('?')[0] as string;
    };
    return { front: await upload(), back: await upload() };
  }
  const byPhoto = (token: string, p: { front: string; back: string }, realName: string, idCard: string) =>
    client.call(
      identificationByUploadImg,
      { idCardFrontImgUrl: p.front, idCardBehindImgUrl: p.back, realName, idCard },
      { token, headers: { 'x-forwarded-for': `10.4.0.${++address}` } },
    );
  const card = (Name: string, IdNum: string): FakeAnswer => ({
    kind: 'ok',
    body: { Name, IdNum, Birth: '1993/4/4', Sex: '男', Nation: '汉', Address: '北京市', AdvancedInfo: '{}' },
  });

  it('checks the card shows the typed name and number, then the pair; each failure verifies nobody', async () => {
    const id = idNumber('19930404', '801');
    const user = await newUser();
    const rows = (await identities()).length;
    const p = await photos(user.token);
    const front = new RegExp(p.front.split('/').at(-1) as string);

    byImage.push([front, { kind: 'error', code: 'FailedOperation.ImageNoIdCard' }]);
    expectCode(await byPhoto(user.token, p, '陈一', id), '10002', '未能识别身份证人像面，请上传清晰完整的身份证照片');
    byImage[0] = [front, card('陈二', id)];
    expectCode(await byPhoto(user.token, p, '陈一', id), '10002', '身份证照片上的姓名或号码与填写的不一致');
    byImage[0] = [front, { kind: 'garbage', raw: '{"Response":{"Name":"陈一"}}' }];
    expectCode(await byPhoto(user.token, p, '陈一', id), '10002', '实名认证服务繁忙，请稍后再试');
    byImage[0] = [front, { kind: 'error', code: 'InternalError' }];
    expectCode(await byPhoto(user.token, p, '陈一', id), '10002', '实名认证服务繁忙，请稍后再试');
    expect((await identities()).length).toBe(rows);

    byImage[0] = [front, card('陈一', id)];
    const ok = await byPhoto(user.token, p, '陈一', id);
    expectCode(ok, '200');
    const asked = fake.seen.filter((s) => s.action === 'IDCardOCR').at(-1);
    expect(asked?.body).toMatchObject({ CardSide: 'FRONT' });
    expect(String(asked?.body.ImageUrl)).toMatch(/^https:\/\/market\.example\/storage\/objects\/private\/id\//);
  });
});

describe('production', () => {
  it('refuses the sandbox and names the missing keys', () => {
    const base = { ...productionSettings(), APP_ENV: 'production', DATA_DIR: '/nonexistent' };
    expect(() => loadConfig({ ...base, REALNAME_DRIVER: 'sandbox' })).toThrow(/REALNAME_DRIVER=sandbox/);
    expect(() => loadConfig({ ...base, REALNAME_DRIVER: undefined, REALNAME_TENCENT_SECRET_KEY: undefined })).toThrow(
      /REALNAME_TENCENT_SECRET_KEY: the real-name provider/,
    );
    expect(() => loadConfig(base)).not.toThrow();
  });
});
