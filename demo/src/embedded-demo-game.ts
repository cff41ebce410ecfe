import { randomUUID } from 'node:crypto';
import { demoGame, type PartnerDispatch } from '@app/demo-game/plugin';
import { type GameProfile, LEGEND, marketSellerAccounts, SANGUO, XIANXIA } from '@app/demo-game/profiles';
import { KEY_CALLBACK_PATH, SCREENSHOT_CALLBACK_PATH } from '@app/game-partner/partner-callbacks';
import { signPartnerRequest } from '@app/game-partner/partner-signing';
import { AuthType } from '@app/protocol/auth-type';
import type { MountGames } from '../../apps/server/src/modules/games/configured-games';
import type { GameConfig } from '../../apps/server/src/modules/games/game-gateway';
import { inProcess } from '../../apps/server/src/platform/http/in-process';
import { ensureSecret } from '../../apps/server/src/platform/secrets';

/**
 * The embedded demo games: where each is mounted, whether it trades across servers of a master
 * group, and the real-name dialog it asks for (one of each: 传奇 switchable, 仙侠 the ID photos,
 * 三国 name and number).
 */
export const EMBEDDED_DEMO_GAMES: ReadonlyArray<{
  profile: GameProfile;
  prefix: string;
  crossServer: boolean;
  authType: AuthType;
}> = [
  { profile: LEGEND, prefix: '/demo-game', crossServer: true, authType: AuthType.SWITCHABLE },
  { profile: XIANXIA, prefix: '/demo-xianxia', crossServer: true, authType: AuthType.PHOTOS },
  { profile: SANGUO, prefix: '/demo-sanguo', crossServer: false, authType: AuthType.NUMBER },
];

/**
 * Demo seed data: the accounts of a demo game whose roles, coins and props the demo market puts on
 * sale (the only thing the market takes from the demo game's code; the rest comes over the partner API).
 */
export function demoSellerAccounts(gameId: string): string[] {
  return marketSellerAccounts(gameId).slice(0, -DEMO_MERCHANTS);
}

/** How many of a demo game's market accounts are the broker channel's demo merchants (its last ones). */
const DEMO_MERCHANTS = 2;

/**
 * Demo seed data: the accounts the broker channel makes demo merchants. The demo market lists
 * nothing of theirs, so their roles stay free to hold the coins they sell.
 */
export function demoMerchantAccounts(gameId: string): string[] {
  return marketSellerAccounts(gameId).slice(-DEMO_MERCHANTS);
}

/**
 * The embedded default's games: the demo game mounted three times (传奇 at /demo-game, 仙侠 at
 * /demo-xianxia, 三国 at /demo-sanguo), each reached like any game, over the signed partner API,
 * with an in-process transport both ways. Exchange → game goes straight to the game's partner
 * entry (the same signature, time, nonce and idempotency checks as its HTTP routes), the answer
 * copied as JSON as HTTP would: an order's two partner calls cost no HTTP emulation each.
 */
export const mountDemoGames: MountGames = async (app, deps) =>
  mountDemoGame(app, {
    secret: await ensureSecret(deps.platform.db, 'demoGamePartner'),
    dataDir: deps.dataDir,
    publicBaseUrl: deps.config.PUBLIC_BASE_URL ?? '',
  });

async function mountDemoGame(
  app: Parameters<MountGames>[0],
  opts: { secret: string; dataDir: string | null; publicBaseUrl: string },
): Promise<GameConfig[]> {
  const send = inProcess(app);
  const post = async (url: string, headers: Record<string, string>, body: string) =>
    send({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: body });
  /** Game → exchange, signed with the game's secret as over HTTP. */
  const callback = async (gameId: string, path: string, payload: object) => {
    const body = JSON.stringify(payload);
    const headers = signPartnerRequest({
      secret: opts.secret,
      partnerId: gameId,
      method: 'POST',
      path,
      body,
      requestId: randomUUID(),
    });
    if (!(await post(path, headers, body)).json().ok) throw new Error(`exchange refused ${path}`);
  };
  const games: GameConfig[] = [];
  for (const { profile, prefix, crossServer, authType } of EMBEDDED_DEMO_GAMES) {
    const gameId = profile.gameId;
    let partner: PartnerDispatch | undefined;
    await app.register(demoGame, {
      prefix,
      dataDir: opts.dataDir,
      gameId,
      profile,
      partnerSecret: opts.secret,
      publicBaseUrl: opts.publicBaseUrl,
      notifyKey: (key) => callback(gameId, KEY_CALLBACK_PATH, key),
      notifyScreenshots: (upload) => callback(gameId, SCREENSHOT_CALLBACK_PATH, upload),
      partnerInProcess: (dispatch) => {
        partner = dispatch;
      },
    });
    // Registering loads the plugin at once: its partner routes have handed their entry over.
    const dispatch = partner;
    if (!dispatch) throw new Error(`${gameId}: the demo game did not hand over its partner entry`);
    games.push({
      gameId,
      name: profile.name,
      iconUrl: `${prefix}/render/icon.svg`,
      crossServer,
      authType,
      // The demo game's /files/ on this origin (its host page answers them absolute on it).
      filesUrl: `${opts.publicBaseUrl}${prefix}/files/`,
      partnerUrl: `${prefix}/partner/v1`,
      secret: opts.secret,
      transport: async (url, init) => {
        const answer = await dispatch({ method: init.method, path: url, headers: init.headers, body: init.body });
        const text = JSON.stringify(answer.body);
        return { json: async () => JSON.parse(text) };
      },
    });
  }
  return games;
}
