import { publishCoin } from '@app/protocol/calls/consignment';
import { checkGameTokenOnline } from '@app/protocol/calls/game';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectCode, leaveGame, sdkPlayer, useTestApp, useTestClient } from './helpers';

/**
 * The roles a test plays stay online for as long as its file runs (helpers.ts keepPlaying): the
 * demo game holds a role online 30 s after its last heartbeat, and a file that ran longer on a
 * loaded machine was answered 10002 角色已掉线 on publishCoin. The clock is moved instead of waited
 * out: Date.now is spied on before the app is built, so the demo game's clock is the spy too.
 */
const realNow = Date.now.bind(Date);
let ahead = 0;
beforeAll(() => {
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + ahead);
});
afterAll(() => {
  vi.mocked(Date.now).mockRestore();
});
const t = useTestApp();
const sdk = useTestClient(t, 'H5SDK');

describe('a role the test plays', () => {
  it('is still online 40 s after its login: publishCoin lists', async () => {
    const seller = await sdkPlayer(t, sdk, 'player1', '1385000');
    ahead += 40_000;
    const lot = await sdk.call(
      publishCoin,
      { ...seller.pt, coinType: 2, coinNum: 1_000, price: 10_000 },
      { token: seller.token },
    );
    expectCode(lot, '200');
  });

  it('is offline once its player left the game, however much later', async () => {
    const player = await sdkPlayer(t, sdk, 'player2', '1386000');
    expect((await sdk.call(checkGameTokenOnline, player.pt)).data).toMatchObject({ online: true });
    await leaveGame(t, player.info.gameToken);
    ahead += 40_000;
    expect((await sdk.call(checkGameTokenOnline, player.pt)).data).toMatchObject({ online: false });
  });
});
