import { gameTokenLogin, h5sdkPhoneLogin, h5sdkSendSms } from '@app/protocol/calls/game';
import { userAccountDetail, userInfo } from '@app/protocol/calls/user';
import { describe, expect, it } from 'vitest';
import { Accounts, transfer } from '../src/modules/ledger/ledger';
import { GAME_LINK_MESSAGES } from '../src/modules/user/game-link';
import { demoGameLogin, expectCode, loginAs, smsOutbox, testDb, useTestApp, useTestClient } from './helpers';

/**
 * A buyer registered on the web links his game account from inside the game: he logs in there
 * with his web account's phone and its code (h5sdkPhoneLogin), and the game account is that
 * account's from then on. Each test uses its own demo accounts and phones.
 */
const t = useTestApp();
const sdk = useTestClient(t, 'H5SDK');

type Pt = { gameId: string; gameToken: string; serverId: string };
type Login = { token: string; uid: string; mobile: string };

/** The game account logged in from the game (as opening the SDK view does): its pt and its phoneless user. */
async function inGame(account: string): Promise<{ pt: Pt; login: Login }> {
  const info = await demoGameLogin(t, account);
  const pt = { gameId: info.gameId, gameToken: info.gameToken, serverId: info.serverId };
  const res = await sdk.call(gameTokenLogin, pt);
  expectCode(res, '200');
  return { pt, login: res.data as Login };
}

/** A code for the phone, sent from inside the game. */
async function codeFor(pt: Pt, phone: string): Promise<string> {
  const before = (await smsOutbox(t, phone)).length;
  expectCode(await sdk.call(h5sdkSendSms, { ...pt, phone, smsType: 'phoneLogin' }), '200');
  const sent = await smsOutbox(t, phone);
  expect(sent.length).toBe(before + 1);
  return sent.at(-1)!.code;
}

const linkedUid = async (pt: Pt) => ((await sdk.call(gameTokenLogin, pt)).data as Login).uid;
const userIdOf = async (uid: string) =>
  (await t.db.selectFrom('users').select('id').where('uid', '=', uid).executeTakeFirstOrThrow()).id;

describe('logging in by phone inside the game links the game account to the web account', () => {
  it('links to the web account, whose sessions go on; the game login’s user, out of reach, loses its sessions', async () => {
    const phone = '13910000001';
    const web = await loginAs(t, phone);
    const { pt, login } = await inGame('player1');
    expect(login.mobile).toBe('');
    expect(login.uid).not.toBe(web.uid);

    const res = await sdk.call(h5sdkPhoneLogin, { ...pt, phone, code: await codeFor(pt, phone) });
    expectCode(res, '200');
    const linked = res.data as Login;
    expect(linked).toMatchObject({ uid: web.uid, mobile: phone });
    // The game's next login lands on the web account, and so does the new session.
    expect(await linkedUid(pt)).toBe(web.uid);
    const detail = await sdk.call(userAccountDetail, {}, { token: linked.token });
    expect(detail.data).toMatchObject({ uid: web.uid, linkedAccounts: [{ provider: 'game:demo-legend' }] });
    // The web session goes on; the game login's user, now out of reach, has no session left.
    expectCode(await sdk.call(userInfo, {}, { token: web.token }), '200');
    expect((await sdk.call(userInfo, {}, { token: login.token })).code).not.toBe('200');
  });

  it('refuses a wrong code and changes nothing; the same request again is refused and links nothing more', async () => {
    const phone = '13910000002';
    const web = await loginAs(t, phone);
    const { pt, login } = await inGame('player2');
    const code = await codeFor(pt, phone);
    const wrong = `${code.slice(0, -1)}${(Number(code.at(-1)) + 1) % 10}`;
    expectCode(await sdk.call(h5sdkPhoneLogin, { ...pt, phone, code: wrong }), '20101');
    expect(await linkedUid(pt)).toBe(login.uid);

    expectCode(await sdk.call(h5sdkPhoneLogin, { ...pt, phone, code }), '200');
    const again = await sdk.call(h5sdkPhoneLogin, { ...pt, phone, code });
    expect(again.code).toMatch(/^2010[123]$/);
    expect(await linkedUid(pt)).toBe(web.uid);
    const links = await t.db
      .selectFrom('user_identities')
      .select('user_id')
      .where('provider', '=', 'game:demo-legend')
      .where('user_id', '=', await userIdOf(web.uid))
      .execute();
    expect(links).toHaveLength(1);
  });

  it('refuses a game account linked to another phone’s account, saying which one', async () => {
    const first = '13910000003';
    const second = '13910000004';
    await loginAs(t, second);
    const { pt } = await inGame('player3');
    const owner = (await sdk.call(h5sdkPhoneLogin, { ...pt, phone: first, code: await codeFor(pt, first) }))
      .data as Login;
    const res = await sdk.call(h5sdkPhoneLogin, { ...pt, phone: second, code: await codeFor(pt, second) });
    expectCode(res, '10002', GAME_LINK_MESSAGES.linkedElsewhere(first));
    expect(res.msg).toBe('该游戏账号已关联交易平台账号 139****0003，请用该手机号登录');
    expect(await linkedUid(pt)).toBe(owner.uid);
  });

  it('gives a new phone to the game login’s own user instead of a new account', async () => {
    const phone = '13910000005';
    const { pt, login } = await inGame('seller40');
    const res = await sdk.call(h5sdkPhoneLogin, { ...pt, phone, code: await codeFor(pt, phone) });
    expect(res.data).toMatchObject({ uid: login.uid, mobile: phone });
    expectCode(await sdk.call(userInfo, {}, { token: login.token }), '200');
    expect(await linkedUid(pt)).toBe(login.uid);
  });

  it('keeps the game login’s user while it holds a balance nobody could reach after the link', async () => {
    const phone = '13910000006';
    const web = await loginAs(t, phone);
    const { pt, login } = await inGame('seller41');
    await transfer(t.db, {
      key: 'game-link-left-balance',
      debit: Accounts.gateway('game-link-test'),
      credit: Accounts.userAvailable(await userIdOf(login.uid)),
      amount: 1_000,
      code: 'topup',
    });
    const res = await sdk.call(h5sdkPhoneLogin, { ...pt, phone, code: await codeFor(pt, phone) });
    expectCode(res, '10002', GAME_LINK_MESSAGES.leftBehind);
    expect(await linkedUid(pt)).toBe(login.uid);
    expect(await linkedUid(pt)).not.toBe(web.uid);
    expectCode(await sdk.call(userInfo, {}, { token: login.token }), '200');
  });

  it(`links once when two phones link the same game account at once (${testDb})`, async () => {
    for (const [round, account] of ['seller42', 'seller43'].entries()) {
      const phones = [`1391000010${round}`, `1391000011${round}`];
      const webs = await Promise.all(phones.map((p) => loginAs(t, p)));
      // The first round's game account is a game login's (phoneless) user; the second's was never linked.
      const info = await demoGameLogin(t, account);
      const pt = { gameId: info.gameId, gameToken: info.gameToken, serverId: info.serverId };
      if (round === 0) expectCode(await sdk.call(gameTokenLogin, pt), '200');
      const codes = [await codeFor(pt, phones[0]!), await codeFor(pt, phones[1]!)];
      const answers = await Promise.all(
        phones.map((phone, i) => sdk.call(h5sdkPhoneLogin, { ...pt, phone, code: codes[i]! })),
      );
      const won = answers.filter((a) => a.code === '200');
      expect(won).toHaveLength(1);
      const winner = won[0]!.data as Login;
      const lost = answers.find((a) => a.code !== '200')!;
      expectCode(lost, '10002', GAME_LINK_MESSAGES.linkedElsewhere(winner.mobile));
      expect(webs.map((w) => w.uid)).toContain(winner.uid);
      expect(await linkedUid(pt)).toBe(winner.uid);
      const links = async (uid: string) =>
        (
          await t.db
            .selectFrom('user_identities')
            .select('subject')
            .where('provider', '=', 'game:demo-legend')
            .where('user_id', '=', await userIdOf(uid))
            .execute()
        ).length;
      expect(await Promise.all(webs.map((w) => links(w.uid)))).toEqual(webs.map((w) => (w.uid === winner.uid ? 1 : 0)));
    }
  });
});
