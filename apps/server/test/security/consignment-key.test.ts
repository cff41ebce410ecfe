import { CROCKFORD_ALPHABET, KEY_CHARS, KEY_PATTERN } from '@app/demo-game/consignment-key';
import { publishAccountCheck } from '@app/protocol/calls/consignment';
import { bindUserPrePublishKey, finishPrePublish, prePublishCheck } from '@app/protocol/calls/consignment-keys';
import { getJyhKeyInfo } from '@app/protocol/calls/game';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { beforeAll, describe, expect, it } from 'vitest';
import { KEY_LOOKUP_LIMITS, limitKeyLookups } from '../../src/modules/consignment/key-lookup-limits';
import { memoryRateStore } from '../../src/platform/rate/rate-store';
import { expectCode, loginAs, sdkPlayer, useTestApp, useTestClient } from '../helpers';

/**
 * Issue 13, item 1: a consignment key (寄售码) is the seller's alone. Only the user linked to the
 * game account the key was issued for may check, bind or use it; the anonymous lookup is gone.
 */
let owner: Awaited<ReturnType<typeof sdkPlayer>>;
let stranger: Awaited<ReturnType<typeof sdkPlayer>>;
let key: string;
const t = useTestApp();
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');
beforeAll(async () => {
  // Both are ready sellers (phone, real name, sale lock open): only the key's owner differs.
  owner = await sdkPlayer(t, sdk, 'player2', '1371111');
  stranger = await sdkPlayer(t, sdk, 'player1', '1372222');
  const issued = (
    await t.app.inject({
      method: 'POST',
      url: '/demo-game/api/consignment-key',
      headers: { 'x-game-token': owner.info.gameToken },
    })
  ).json();
  expect(issued.ok).toBe(true);
  key = issued.data.key;
});

const keyRow = () =>
  t.db.selectFrom('consignment_keys').selectAll().where('jyh_key', '=', key.replaceAll('-', '')).executeTakeFirst();
const roleListings = () =>
  t.db
    .selectFrom('commodities')
    .select(['id', 'seller_user_id'])
    .where('game_role_id', '=', owner.info.roleId)
    .execute();
const frozenBy = async () =>
  (
    await t.app.inject({ method: 'GET', url: '/demo-game/api/me', headers: { 'x-game-token': owner.info.gameToken } })
  ).json().data.selected.frozenBy;

describe('the demo game issues keys of at least 80 bits', () => {
  it('20 Crockford base32 characters in groups of four, kept without dashes, read however typed', async () => {
    expect(key).toMatch(KEY_PATTERN);
    expect(KEY_CHARS * Math.log2(CROCKFORD_ALPHABET.length)).toBeGreaterThanOrEqual(80);
    expect((await keyRow())?.jyh_key).toMatch(/^[0-9A-HJKMNP-TV-Z]{20}$/);
    for (const typed of [key, key.toLowerCase(), key.replaceAll('-', ' '), ` ${key.replaceAll('-', '')} `]) {
      const role = await app.call(prePublishCheck, { key: typed }, { token: owner.token });
      expectCode(role, '200');
      expect(role.data).toMatchObject({ roleId: owner.info.roleId, bound: false });
    }
    expectCode(await app.call(prePublishCheck, { key: `${key}!` }, { token: owner.token }), '10002', '寄售码无效');
  });
});

describe("a stranger who learns the owner's key", () => {
  it('is refused at check, bind, account check and finish; nothing is bound, listed or frozen', async () => {
    const refusal = '该寄售码不属于您绑定的游戏账号，请登录该游戏账号后再试';
    expectCode(await app.call(prePublishCheck, { key }, { token: stranger.token }), '31009', refusal);
    expectCode(
      await app.call(bindUserPrePublishKey, { key, applicationId: 'demo-legend' }, { token: stranger.token }),
      '31009',
      refusal,
    );
    expectCode(await app.call(publishAccountCheck, { jyhKey: key }, { token: stranger.token }), '31009', refusal);
    expectCode(await app.call(finishPrePublish, { key, price: 100_000 }, { token: stranger.token }), '31009', refusal);
    expect(await keyRow()).toMatchObject({ bound_user_id: null, used_at: null, commodity_id: null });
    expect(await roleListings()).toEqual([]);
    expect(await frozenBy()).toBeNull();
  });
});

describe("the key's owner", () => {
  it('checks, binds and lists the role the key holds', async () => {
    expectCode(await app.call(prePublishCheck, { key }, { token: owner.token }), '200');
    const bound = await app.call(bindUserPrePublishKey, { key, applicationId: 'demo-legend' }, { token: owner.token });
    expectCode(bound, '200');
    expect(bound.data).toMatchObject({ bound: true, roleId: owner.info.roleId });
    expect((await app.call(publishAccountCheck, { jyhKey: key }, { token: owner.token })).data).toEqual({
      step: 'ready',
    });
    // Even now the stranger cannot finish it.
    expectCode(await app.call(finishPrePublish, { key, price: 100_000 }, { token: stranger.token }), '31009');
    const listed = await app.call(finishPrePublish, { key, price: 66_600 }, { token: owner.token });
    expectCode(listed, '200');
    expect(listed.data).toMatchObject({ status: ListingStatus.ON_SALE, price: 66_600 });
    expect(await roleListings()).toEqual([{ id: expect.any(Number), seller_user_id: owner.userId }]);
    expect(await frozenBy()).toBe((listed.data as { commodityId: string }).commodityId);
    expectCode(await app.call(prePublishCheck, { key }, { token: owner.token }), '31008');
  });
});

describe('getJyhKeyInfo', () => {
  it('needs a login and answers only the owner: an unknown key and another’s key read the same', async () => {
    expectCode(await app.call(getJyhKeyInfo, { jyhKey: key }), '50000');
    const mine = await app.call(getJyhKeyInfo, { jyhKey: key.toLowerCase() }, { token: owner.token });
    expectCode(mine, '200');
    expect(mine.data).toMatchObject({ applicationId: 'demo-legend' });
    const theirs = await app.call(getJyhKeyInfo, { jyhKey: key }, { token: stranger.token });
    const unknown = await app.call(getJyhKeyInfo, { jyhKey: 'ABCD-EFGH-JKMN-PQRS-TVWX' }, { token: stranger.token });
    expectCode(theirs, '31001', '寄售码无效');
    expect(theirs).toEqual(unknown);
  });

  it('refuses the 21st lookup of a user in a minute', async () => {
    const session = await loginAs(t, '13733330001');
    for (let i = 0; i < KEY_LOOKUP_LIMITS.perUserMinute; i += 1)
      expectCode(await app.call(getJyhKeyInfo, { jyhKey: `ZZZZ${i}` }, { token: session.token }), '31001');
    expectCode(
      await app.call(getJyhKeyInfo, { jyhKey: key }, { token: session.token }),
      '10005',
      '查询寄售码过于频繁，请稍后再试',
    );
    // Another user from the same address still gets an answer.
    expectCode(await app.call(getJyhKeyInfo, { jyhKey: key }, { token: owner.token }), '200');
  });

  it('refuses the 61st lookup from one address in an hour, whoever asks', async () => {
    let clock = 0;
    const rates = memoryRateStore(() => clock);
    for (let i = 0; i < KEY_LOOKUP_LIMITS.perAddressHour; i += 1)
      await limitKeyLookups(rates, { userId: i, address: '10.1.1.1' });
    await expect(limitKeyLookups(rates, { userId: 999, address: '10.1.1.1' })).rejects.toMatchObject({
      code: '10005',
    });
    await limitKeyLookups(rates, { userId: 999, address: '10.1.1.2' });
    clock += 3_600_000;
    await limitKeyLookups(rates, { userId: 1000, address: '10.1.1.1' });
  });
});

describe('the demo game login', () => {
  it('locks an account after 5 wrong passwords, the right one included', async () => {
    const login = (password: string) =>
      t.app
        .inject({ method: 'POST', url: '/demo-game/api/login', payload: { account: 'player3', password } })
        .then((r) => r.json());
    for (let i = 0; i < 4; i += 1)
      expect(await login('wrong')).toEqual({ ok: false, code: 'BAD_LOGIN', message: '账号或密码错误' });
    const locked = { ok: false, code: 'LOGIN_LOCKED', message: '密码错误次数过多，该账号已被锁定，请15分钟后再试' };
    expect(await login('wrong')).toEqual(locked);
    expect(await login('demo123')).toEqual(locked);
  });
});
