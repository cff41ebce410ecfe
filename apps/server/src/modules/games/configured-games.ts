import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { CallPlatform } from '../../platform/http/register-call';
import { LATENCY_BUCKETS, metricsOf } from '../../platform/metrics/metrics';
import { partnerCallTraces } from '../../platform/tracing/partner-traces';
import { tracingOf } from '../../platform/tracing/tracing';
import { createGameGateway, type GameConfig, type GameGateway, partnerGames } from './game-gateway';

/**
 * Games a composition outside the server mounts into this process (the demo's, decision 0044):
 * registered on the app before its hooks, answered as partner entries like those of GAMES.
 * Production's entry hands none.
 */
export type MountGames = (
  app: FastifyInstance,
  deps: {
    platform: CallPlatform;
    config: Config;
    /** Where the mounted games keep their data; null keeps it in memory (tests). */
    dataDir: string | null;
  },
) => Promise<GameConfig[]>;

export interface ConfiguredGames {
  /** Every game the marketplace trades: the mounted ones, then those of GAMES. */
  games: GameConfig[];
  gateway: GameGateway;
}

/**
 * The games (decision 0015): those mounted by the composition and the external ones of GAMES,
 * behind one gateway; pt calls verify their game token through it from now on. A GAMES entry may
 * not take a mounted game's id.
 */
export async function configuredGames(
  app: FastifyInstance,
  deps: {
    platform: CallPlatform;
    config: Config;
    dataDir: string | null;
    mount?: MountGames | undefined;
  },
): Promise<ConfiguredGames> {
  const { config } = deps;
  const mounted = deps.mount ? await deps.mount(app, deps) : [];
  const games = [...mounted, ...partnerGames(config.GAMES)];
  const clash = games.find((g, i) => games.findIndex((o) => o.gameId === g.gameId) !== i);
  if (clash) throw new Error(`Invalid configuration:\nGAMES: ${clash.gameId} is already an embedded game`);
  const calls = metricsOf(app).histogram({
    name: 'partner_call_duration_seconds',
    help: 'Calls of the game partner API by game, path and outcome (ok, the game refusal code, error: no answer)',
    labelNames: ['game', 'path', 'outcome'] as const,
    buckets: LATENCY_BUCKETS,
  });
  const tracing = tracingOf(app);
  const circuits = metricsOf(app).gauge({
    name: 'partner_circuit_open',
    help: "Whether a game's partner-API circuit is open (1) or half-open (0.5): calls to it fail at once",
    labelNames: ['game'] as const,
  });
  const gateway = createGameGateway(games, 'marketplace', {
    observe: (game, path, outcome, seconds) => calls.observe({ game, path, outcome }, seconds),
    ...(tracing ? { trace: partnerCallTraces(tracing) } : {}),
    timeoutMs: config.PARTNER_TIMEOUT_MS,
    retries: config.PARTNER_RETRIES,
    breaker: {
      failures: config.PARTNER_BREAKER_FAILURES,
      openMs: config.PARTNER_BREAKER_OPEN_MS,
      onChange: (game, state) => {
        circuits.set({ game }, state === 'open' ? 1 : state === 'half-open' ? 0.5 : 0);
        app.log.warn({ game, state }, 'partner circuit');
      },
    },
  });
  deps.platform.games = gateway.verifier;
  return { games, gateway };
}
