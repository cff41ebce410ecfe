import { productionSettings } from '../apps/server/test/production-env';

/**
 * The server settings of every benchmark. One address sends all the load, far above what one
 * player or one NAT sends, so the API limits are raised out of the way; their hook still runs on
 * every request and its cost is in the figures.
 */
const LIMITS_OUT_OF_THE_WAY = {
  RATE_LIMIT_CLIENT_PER_10S: '1000000000',
  RATE_LIMIT_ADDRESS_PER_MINUTE: '1000000000',
  RATE_LIMIT_EVENTS_PER_MINUTE: '1000000000',
};

/** Production as an operator runs it (decision 0012), with made-up keys for its real parts. */
export const productionEnv = (): Record<string, string> => ({
  APP_ENV: 'production',
  ...productionSettings(),
  ...LIMITS_OUT_OF_THE_WAY,
});

/**
 * With the demo games, which production refuses (decision 0012): the pre environment, the closest
 * to production that still runs them. It also checks every answer against its schema.
 */
export const demoGamesEnv = (): Record<string, string> => ({
  APP_ENV: 'pre',
  ...productionSettings(),
  ...LIMITS_OUT_OF_THE_WAY,
});

/** The local environment (no production keys needed), the API limits out of the way: the chat benchmark's. */
export const localEnv = (): Record<string, string> => ({
  APP_ENV: 'local',
  ...LIMITS_OUT_OF_THE_WAY,
});
