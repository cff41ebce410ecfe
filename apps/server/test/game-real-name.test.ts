import { createPartnerClient } from '@app/game-partner/partner-client';
import { realNameHashes } from '@app/game-partner/partner-real-name';
import { publishCoin } from '@app/protocol/calls/consignment';
import { describe, expect, it } from 'vitest';
import { expectCode, idNumber, sdkPlayer, useTestApp, useTestClient } from './helpers';

/**
 * business-flows §5: the name must match the one registered in the game. The exchange asks the game
 * (partner API /account/real-name) with keyed hashes of its verified name and number; publishing
 * from a game account registered to another person is refused with the reason.
 */
const t = useTestApp();
const sdk = useTestClient(t, 'H5SDK');

const register = (gameToken: string, name: string, idCard: string) =>
  t.app.inject({
    method: 'POST',
    url: '/demo-game/api/real-name',
    headers: { 'x-game-token': gameToken },
    payload: { name, idCard },
  });

describe('the game-account real-name check', () => {
  it('passes an account without a registration, refuses another person, lets the same person sell', async () => {
    // sdkPlayer verifies 冯十 with idNumber('19870707', 700 + its sequence): the first is 701.
    const seller = await sdkPlayer(t, sdk, 'player1', '1397000');
    const publish = () =>
      sdk.call(publishCoin, { ...seller.pt, coinType: 2, coinNum: 10_000, price: 1_000 }, { token: seller.token });
    expectCode(await publish(), '200');

    const other = await sdkPlayer(t, sdk, 'player2', '1397000');
    expect((await register(other.pt.gameToken, '王五', idNumber('19800101', '999'))).json()).toMatchObject({
      ok: true,
    });
    const refused = await sdk.call(
      publishCoin,
      { ...other.pt, coinType: 2, coinNum: 10_000, price: 1_000 },
      { token: other.token },
    );
    expectCode(refused, '10002', '该游戏账号登记的实名信息与您的实名认证不一致，无法交易');
    // A registration is made once.
    expect((await register(other.pt.gameToken, '冯十', idNumber('19870707', '702'))).json()).toMatchObject({
      ok: false,
      code: 'ALREADY_REGISTERED',
    });

    expect((await register(seller.pt.gameToken, '冯十', idNumber('19870707', '701'))).json()).toMatchObject({
      ok: true,
    });
    expectCode(await publish(), '200');
  });

  it('hands the game hashes only: the partner call carries no name or number, and the answer is match or not', async () => {
    const gameId = (await sdkPlayer(t, sdk, 'player3', '1397000')).pt.gameId;
    const seen: string[] = [];
    const game = t.app.gateway.config(gameId);
    const transport = game.transport as NonNullable<typeof game.transport>;
    // The exchange's client of the game, its transport watched.
    const client = createPartnerClient({
      baseUrl: game.partnerUrl,
      partnerId: 'marketplace',
      secret: game.secret,
      fetch: async (url, init) => {
        seen.push(init.body);
        return transport(url, init);
      },
    });
    const ask = (accountId: string, name: string, idCard: string) =>
      client.realName(accountId, realNameHashes(game.secret, { name, idCard })).then((a) => a.registration);
    expect(await ask('player3', '冯十', idNumber('19870707', '703'))).toBe('none');
    expect(await ask('player2', '王五', idNumber('19800101', '999'))).toBe('match');
    expect(await ask('player2', '王五', idNumber('19800101', '998'))).toBe('mismatch');
    expect(await ask('player2', '王六', idNumber('19800101', '999'))).toBe('mismatch');
    // The gateway asks the same way.
    expect(
      await t.app.gateway.registeredRealName(gameId, 'player2', { name: '王五', idCard: idNumber('19800101', '999') }),
    ).toBe('match');
    expect(seen.join()).not.toContain('王五');
    expect(seen.join()).not.toContain(idNumber('19800101', '999'));
    expect(JSON.parse(seen[1] as string)).toEqual({
      accountId: 'player2',
      ...realNameHashes(game.secret, { name: '王五', idCard: idNumber('19800101', '999') }),
    });
  });
});
