import { randomUUID } from 'node:crypto';
import { signPartnerRequest } from '@app/demo-game/partner-signing';
import { demoGame } from '@app/demo-game/plugin';
import { type GameProfile, LEGEND, SANGUO, XIANXIA } from '@app/demo-game/profiles';
import type { FastifyInstance } from 'fastify';
import type { GameConfig } from './game-gateway';

const KEY_CALLBACK = '/partner-callback/v1/consignmentKey';

/** The embedded demo games: where each is mounted and whether it trades across servers of a master group. */
export const EMBEDDED_DEMO_GAMES: ReadonlyArray<{ profile: GameProfile; prefix: string; crossServer: boolean }> = [
  { profile: LEGEND, prefix: '/demo-game', crossServer: true },
  { profile: XIANXIA, prefix: '/demo-xianxia', crossServer: true },
  { profile: SANGUO, prefix: '/demo-sanguo', crossServer: false },
];

/**
 * The embedded default's games: the demo game mounted three times (传奇 at /demo-game, 仙侠 at
 * /demo-xianxia, 三国 at /demo-sanguo), each reached like any game, over the signed partner API,
 * with an in-process transport both ways.
 */
export async function mountDemoGame(
  app: FastifyInstance,
  opts: { secret: string; dataDir: string | null; publicBaseUrl: string },
): Promise<GameConfig[]> {
  const post = async (url: string, headers: Record<string, string>, body: string) =>
    app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: body });
  const games: GameConfig[] = [];
  for (const { profile, prefix, crossServer } of EMBEDDED_DEMO_GAMES) {
    const gameId = profile.gameId;
    await app.register(demoGame, {
      prefix,
      dataDir: opts.dataDir,
      gameId,
      profile,
      partnerSecret: opts.secret,
      publicBaseUrl: opts.publicBaseUrl,
      notifyKey: async (key) => {
        const body = JSON.stringify(key);
        const headers = signPartnerRequest({
          secret: opts.secret,
          partnerId: gameId,
          method: 'POST',
          path: KEY_CALLBACK,
          body,
          requestId: randomUUID(),
        });
        if (!(await post(KEY_CALLBACK, headers, body)).json().ok)
          throw new Error('exchange refused the consignment key');
      },
    });
    games.push({
      gameId,
      name: profile.name,
      iconUrl: `${prefix}/render/icon.svg`,
      crossServer,
      partnerUrl: `${prefix}/partner/v1`,
      secret: opts.secret,
      transport: async (url, init) => {
        const res = await post(url, init.headers, init.body);
        return { json: async () => res.json() };
      },
    });
  }
  return games;
}
