import { randomUUID } from 'node:crypto';
import { signPartnerRequest } from '@app/demo-game/partner-signing';
import { demoGame } from '@app/demo-game/plugin';
import type { FastifyInstance } from 'fastify';
import type { GameConfig } from './game-gateway';

const GAME_ID = 'demo-legend';
const KEY_CALLBACK = '/partner-callback/v1/consignmentKey';

/**
 * The embedded default's game: the demo game mounted at /demo-game and reached like any game,
 * over the signed partner API, with an in-process transport both ways.
 */
export async function mountDemoGame(
  app: FastifyInstance,
  opts: { secret: string; dataDir: string | null; publicBaseUrl: string },
): Promise<GameConfig> {
  const post = async (url: string, headers: Record<string, string>, body: string) =>
    app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: body });
  await app.register(demoGame, {
    prefix: '/demo-game',
    dataDir: opts.dataDir,
    gameId: GAME_ID,
    partnerSecret: opts.secret,
    publicBaseUrl: opts.publicBaseUrl,
    notifyKey: async (key) => {
      const body = JSON.stringify(key);
      const headers = signPartnerRequest({
        secret: opts.secret,
        partnerId: GAME_ID,
        method: 'POST',
        path: KEY_CALLBACK,
        body,
        requestId: randomUUID(),
      });
      if (!(await post(KEY_CALLBACK, headers, body)).json().ok) throw new Error('exchange refused the consignment key');
    },
  });
  return {
    gameId: GAME_ID,
    name: '传奇·演示',
    iconUrl: '/demo-game/render/icon.svg',
    crossServer: true,
    partnerUrl: '/demo-game/partner/v1',
    secret: opts.secret,
    transport: async (url, init) => {
      const res = await post(url, init.headers, init.body);
      return { json: async () => res.json() };
    },
  };
}
