import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { CallPlatform } from '../../platform/http/register-call';
import type { SandboxProviders } from '../../platform/identity-providers/identity-providers';
import { ConsoleSmsProvider, type SmsProvider } from '../../platform/sms/sms-provider';
import { sweepListings } from '../consignment/listing-sweeper';
import type { GameGateway } from '../games/game-gateway';
import { devRoutes } from './dev.routes';

/**
 * The test hooks (never in production: app.ts registers this module only where the sandbox
 * providers exist). `/dev/sweep` runs every deadline sweeper at once, as if the clock were ahead
 * (journeys cannot wait 24 hours).
 */
export function devModule(
  app: FastifyInstance,
  deps: {
    platform: CallPlatform;
    config: Config;
    gateway: GameGateway;
    sms: SmsProvider;
    providers: SandboxProviders;
    /** The withdrawal module's sweeper, with the clock at `now`. */
    withdrawals: { sweep: (now: number) => Promise<number> };
    /** The orders' and the offers' sweepers, with their modules' deps (the chat and notifications told). */
    orders: {
      sweep: (now: number) => Promise<{ expired: number; delivered: number; confirmed: number; settled: number }>;
    };
    offers: { sweep: (now: number) => Promise<unknown> };
  },
): void {
  const { db } = deps.platform;
  devRoutes(app, {
    db,
    config: deps.config,
    // The outbox of the console driver (empty with a real driver outside production).
    sms: deps.sms instanceof ConsoleSmsProvider ? deps.sms : new ConsoleSmsProvider(() => {}),
    providers: deps.providers,
    sweep: async (aheadMs) => {
      const now = Date.now() + aheadMs;
      const { expired, ...orders } = await deps.orders.sweep(now);
      return {
        listings: await sweepListings({ db, gateway: deps.gateway }, now),
        unpaid: expired,
        orders,
        withdrawals: await deps.withdrawals.sweep(now),
        offers: await deps.offers.sweep(now),
      };
    },
  });
}
