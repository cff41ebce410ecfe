import { randomBytes } from 'node:crypto';
import { checkRolePosition } from '@app/protocol/calls/consignment';
import { gameTokenLogin } from '@app/protocol/calls/game';
import {
  checkAuthentication,
  h5sdkGenerateUploadUrl,
  h5sdkIdentification,
  h5sdkIdentificationByUploadImg,
} from '@app/protocol/calls/identity';
import { computeSign } from '@app/protocol/codec/sign';
import { callPath } from '@app/protocol/contract';
import { ID_BACK_MISSING, ID_FRONT_MISSING } from '@app/protocol/validation';
import { describe, expect, it } from 'vitest';
import { demoGameLogin, expectCode, idNumber, useTestApp, useTestClient } from './helpers';

/** The calls the game view needed and had only under the app scene: real name and the role's position. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const t = useTestApp();
const sdk = useTestClient(t, 'H5SDK');

/** A demo account in the SDK view: its game token fields and its exchange session. */
async function inGame(account: string) {
  const info = await demoGameLogin(t, account);
  const pt = { gameId: info.gameId, gameToken: info.gameToken, serverId: info.serverId };
  const login = (await sdk.call(gameTokenLogin, pt)).data as { token: string; uid: string };
  return { info, pt, token: login.token };
}

const put = (url: string) =>
  t.app.inject({ method: 'PUT', url, headers: { 'content-type': 'image/png' }, payload: PNG });

async function upload(pt: object, token: string): Promise<string> {
  const res = await sdk.call(h5sdkGenerateUploadUrl, { ...pt, typeName: 'png' } as never, { token });
  expectCode(res, '200');
  const url = res.data as string;
  expect((await put(url)).statusCode).toBe(200);
  return url.split('?')[0] as string;
}

const play = (gameToken: string, action: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/demo-game/api/${action}`,
    headers: { 'x-game-token': gameToken },
    payload,
  });

describe('real-name verification inside the game view (h5sdk)', () => {
  it('verifies by number for the X-Token’s user, and refuses bad input and a missing session', async () => {
    const { pt, token } = await inGame('player1');
    const idCard = idNumber('19880808', '311');
    expectCode(await sdk.call(h5sdkIdentification, { ...pt, realName: '', idCard }, { token }), '10002', '请输入实名');
    expectCode(
      await sdk.call(h5sdkIdentification, { ...pt, realName: '钱七', idCard: `${idCard.slice(0, 17)}0` }, { token }),
      '10002',
    );
    // The game token alone is not an exchange account.
    expectCode(await sdk.call(h5sdkIdentification, { ...pt, realName: '钱七', idCard }), '50000');
    // A game token the game does not know.
    expectCode(
      await sdk.call(h5sdkIdentification, { ...pt, gameToken: 'not-a-token', realName: '钱七', idCard }, { token }),
      '20018',
    );
    const res = await sdk.call(h5sdkIdentification, { ...pt, realName: '钱七', idCard }, { token });
    expectCode(res, '200');
    expect(res.data).toMatchObject({ hasAuthentication: '1', realName: '钱*' });
    expect((await sdk.call(checkAuthentication, {}, { token })).data).toEqual(res.data);
  });

  it('uploads the two photos and verifies with them; another user’s photo is refused', async () => {
    const me = await inGame('player2');
    const other = await inGame('player3');
    const front = await upload(me.pt, me.token);
    const back = await upload(me.pt, me.token);
    const othersPhoto = await upload(other.pt, other.token);
    expect(front).toMatch(/^\/storage\/objects\/private\/id\//);
    const idCard = idNumber('19910909', '422');
    const input = { ...me.pt, realName: '孙八', idCard, idCardFrontImgUrl: front, idCardBehindImgUrl: back };
    expectCode(
      await sdk.call(h5sdkIdentificationByUploadImg, { ...input, idCardFrontImgUrl: othersPhoto }, { token: me.token }),
      '10002',
      ID_FRONT_MISSING,
    );
    expectCode(
      await sdk.call(h5sdkIdentificationByUploadImg, { ...input, idCardBehindImgUrl: '' }, { token: me.token }),
      '10002',
      ID_BACK_MISSING,
    );
    expectCode(await sdk.call(h5sdkGenerateUploadUrl, { ...me.pt, typeName: 'exe' }, { token: me.token }), '10002');
    expectCode(await sdk.call(h5sdkGenerateUploadUrl, { ...me.pt, typeName: 'png' }), '50000');
    const res = await sdk.call(h5sdkIdentificationByUploadImg, input, { token: me.token });
    expectCode(res, '200');
    expect(res.data).toMatchObject({ hasAuthentication: '1' });
  });

  it('refuses a request whose signature is not the H5SDK client’s', async () => {
    const { pt, token } = await inGame('player1');
    const params = {
      ...pt,
      realName: '李四',
      idCard: idNumber('19800101', '533'),
      timestamp: Math.floor(Date.now() / 1000),
      nonce: randomBytes(16).toString('hex'),
    };
    const forged = { ...params, sign: computeSign(params, 'not-the-secret') };
    const res = await sdk.raw('POST', callPath(h5sdkIdentification), forged, { 'x-token': token });
    expect(res.code).not.toBe('200');
    // Signed right but sent as another source: that source's secret does not verify it.
    const signed = { ...params, nonce: randomBytes(16).toString('hex') };
    const asApp = await sdk.raw(
      'POST',
      callPath(h5sdkIdentification),
      { ...signed, sign: computeSign(signed, sdk.keys.signSecret) },
      { 'x-token': token, 'x-source': 'APP' },
    );
    expect(asApp.code).not.toBe('200');
  });
});

describe('checkRolePosition (h5sdk)', () => {
  it('answers the game’s word on the safe zone, before and after the role leaves it', async () => {
    const { pt, token, info } = await inGame('player1');
    const inside = await sdk.call(checkRolePosition, pt, { token });
    expectCode(inside, '200');
    expect(inside.data).toMatchObject({
      roleId: info.roleId,
      online: true,
      inSafeZone: true,
      locked: false,
      canIssueKey: true,
      msg: '角色在安全区，可在游戏内获取寄售码',
    });
    expect((await play(info.gameToken, 'safe-zone', { inSafeZone: false })).statusCode).toBe(200);
    const outside = await sdk.call(checkRolePosition, pt, { token });
    expect(outside.data).toMatchObject({
      inSafeZone: false,
      canIssueKey: false,
      msg: '角色不在安全区，请回到安全区后再获取寄售码',
    });
    // The game refuses the key too: the two answers agree.
    expect((await play(info.gameToken, 'consignment-key', {})).json()).toMatchObject({ code: 'NOT_IN_SAFE_ZONE' });
    await play(info.gameToken, 'safe-zone', { inSafeZone: true });
    // Once the game issued a key the role is held by it: no second key.
    expect((await play(info.gameToken, 'consignment-key', {})).statusCode).toBe(200);
    expect((await sdk.call(checkRolePosition, pt, { token })).data).toMatchObject({
      inSafeZone: true,
      locked: true,
      canIssueKey: false,
      msg: '角色正在寄售或已被寄售码锁定，请先取回或等待寄售码失效',
    });
    await play(info.gameToken, 'consignment-key/release', {});
  });

  it('refuses without a session, with a token the game does not know, and for an unknown game', async () => {
    const { pt, token } = await inGame('player2');
    expectCode(await sdk.call(checkRolePosition, pt), '50000');
    expectCode(await sdk.call(checkRolePosition, { ...pt, gameToken: 'forged' }, { token }), '20018');
    // A game the exchange does not know (10003, as for a wrong X-AppId).
    expectCode(await sdk.call(checkRolePosition, { ...pt, gameId: 'no-such-game' }, { token }), '10003');
  });
});
