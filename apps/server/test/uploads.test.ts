import { generateUploadUrl, identificationByUploadImg } from '@app/protocol/calls/identity';
import { feedbackPreSignedUrl } from '@app/protocol/calls/user-help';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectCode, idNumber, loginAs, useTestApp, useTestClient } from './helpers';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let token: string;
const t = useTestApp();
const client = useTestClient(t, 'H5');
beforeAll(async () => {
  token = (await loginAs(t, '13400000001')).token;
});

const put = (url: string, body: Buffer, type: string) =>
  t.app.inject({ method: 'PUT', url, headers: { 'content-type': type }, payload: body });

describe('uploads', () => {
  it('hands out a presigned PUT; the URL without its query is the private object', async () => {
    const res = await client.call(generateUploadUrl, { typeName: 'PNG' }, { token });
    expectCode(res, '200');
    const url = res.data as string;
    expect(url).toMatch(/^\/storage\/objects\/private\/id\/\d+\/[0-9a-f-]+\.png\?/);
    expect((await put(url, PNG, 'image/png')).statusCode).toBe(200);
    const stored = url.split('?')[0] as string;
    expect((await t.app.inject({ method: 'GET', url: stored })).statusCode).toBe(404);
  });

  it('refuses a type that does not match the signed one or the content', async () => {
    const url = (await client.call(generateUploadUrl, { typeName: 'jpg' }, { token })).data as string;
    expect((await put(url, PNG, 'image/png')).statusCode).toBe(415);
    expect((await put(url, PNG, 'image/jpeg')).json().msg).toBe('图片格式错误');
    expect((await put(url, Buffer.from('<svg></svg>'), 'image/jpeg')).statusCode).toBe(415);
  });

  it('refuses a tampered or expired signature', async () => {
    const url = (await client.call(generateUploadUrl, { typeName: 'png' }, { token })).data as string;
    expect((await put(url.replace(/sig=[0-9a-f]{4}/, 'sig=0000'), PNG, 'image/png')).statusCode).toBe(403);
    expect((await put(url.replace(/expires=\d+/, 'expires=1000'), PNG, 'image/png')).statusCode).toBe(403);
    expect((await put(url.replace('.png?', '.gif?'), PNG, 'image/png')).statusCode).toBe(403);
  });

  it('refuses an unknown suffix and anonymous callers', async () => {
    expectCode(await client.call(generateUploadUrl, { typeName: 'exe' }, { token }), '10002', '图片格式错误');
    expectCode(await client.call(generateUploadUrl, { typeName: 'png' }), '50000');
  });

  it('refuses a body over 5 MB', async () => {
    const url = (await client.call(generateUploadUrl, { typeName: 'png' }, { token })).data as string;
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await put(url, big, 'image/png')).statusCode).toBe(413);
  });
});

describe('real-name verification with ID photos', () => {
  it('takes the two uploaded photos with the number, and refuses photos that are not the user’s', async () => {
    const upload = async (tok: string) => {
      const url = (await client.call(generateUploadUrl, { typeName: 'png' }, { token: tok })).data as string;
      expect((await put(url, PNG, 'image/png')).statusCode).toBe(200);
      return url.split('?')[0] as string;
    };
    const me = await loginAs(t, '13400000002');
    const other = await loginAs(t, '13400000003');
    const front = await upload(me.token);
    const back = await upload(me.token);
    const othersPhoto = await upload(other.token);
    const id = idNumber('19920202', '246');
    expectCode(
      await client.call(
        identificationByUploadImg,
        { idCardFrontImgUrl: '', idCardBehindImgUrl: back, realName: '赵六', idCard: id },
        { token: me.token },
      ),
      '10002',
      '请上传身份证正面（人像面）',
    );
    expectCode(
      await client.call(
        identificationByUploadImg,
        { idCardFrontImgUrl: front, idCardBehindImgUrl: othersPhoto, realName: '赵六', idCard: id },
        { token: me.token },
      ),
      '10002',
      '请上传身份证反面（国徽面）',
    );
    const ok = await client.call(
      identificationByUploadImg,
      { idCardFrontImgUrl: front, idCardBehindImgUrl: back, realName: '赵六', idCard: id },
      { token: me.token },
    );
    expectCode(ok, '200');
    expect(ok.data).toMatchObject({ hasAuthentication: '1', realName: '赵*' });
  });
});

describe('feedback screenshots', () => {
  it('are public once uploaded', async () => {
    const url = (await client.call(feedbackPreSignedUrl, { typeName: 'png' }, { token })).data as string;
    expect(url).toMatch(/^\/storage\/objects\/public\/feedback\//);
    expect((await put(url, PNG, 'image/png')).statusCode).toBe(200);
    const read = await t.app.inject({ method: 'GET', url: url.split('?')[0] as string });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
  });
});
