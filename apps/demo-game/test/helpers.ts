import { createPartnerClient, type PartnerClient } from '@app/game-partner/partner-client';
import { PartnerRefusal } from '@app/game-partner/partner-errors';
import Fastify, { type FastifyInstance } from 'fastify';
import { type DemoGameOptions, demoGame } from '../src/plugin';

export const SECRET = 'test-partner-secret';

export interface TestGame {
  app: FastifyInstance;
  partner: PartnerClient;
  clock: { now: number };
  login(account: string, password?: string): Promise<LoginInfo>;
  /** A player call of the host page's API with the game token. */
  play(token: string, path: string, body?: object): Promise<PlayAnswer>;
}

// biome-ignore lint/suspicious/noExplicitAny: tests read the host-page API's answers loosely
export type PlayAnswer = { ok: boolean; code?: string; message?: string; data?: any };

export interface LoginInfo {
  gameId: string;
  serverId: string;
  serverName: string;
  gameToken: string;
  accountId: string;
  roleId: string;
  role: string;
  roleLevel: number;
  jobId: number;
  jobName: string;
  roleAtt: number;
}

/** The demo game under /demo-game with a fake clock, and a partner client over inject. */
export async function startGame(overrides: Partial<DemoGameOptions> = {}): Promise<TestGame> {
  const clock = { now: Date.UTC(2026, 10, 22, 8) };
  const app = Fastify();
  await app.register(demoGame, {
    prefix: '/demo-game',
    dataDir: null,
    gameId: 'demo-legend',
    partnerSecret: SECRET,
    now: () => clock.now,
    ...overrides,
  });
  await app.ready();
  const partner = createPartnerClient({
    baseUrl: '/demo-game/partner/v1',
    partnerId: 'exchange',
    secret: SECRET,
    now: () => clock.now,
    fetch: async (url, init) => {
      const res = await app.inject({ method: 'POST', url, headers: init.headers, payload: init.body });
      return { json: async () => res.json() };
    },
  });
  return {
    app,
    partner,
    clock,
    async login(account, password = 'demo123') {
      const res = (
        await app.inject({ method: 'POST', url: '/demo-game/api/login', payload: { account, password } })
      ).json();
      if (!res.ok) throw new Error(res.message);
      return res.data;
    },
    async play(token, path, body) {
      return (
        await app.inject({
          method: body ? 'POST' : 'GET',
          url: `/demo-game/api/${path}`,
          headers: { 'x-game-token': token },
          ...(body ? { payload: body } : {}),
        })
      ).json();
    },
  };
}

/** The code of a partner refusal ('resolved' when the call succeeded). */
export async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PartnerRefusal) return error.code;
    throw error;
  }
  return 'resolved';
}
