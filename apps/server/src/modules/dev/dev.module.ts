import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { CallPlatform } from '../../platform/http/register-call';
import type { SandboxProviders } from '../../platform/identity-providers/identity-providers';
import { ConsoleSmsProvider, type SmsProvider } from '../../platform/sms/sms-provider';
import { sweepOffers } from '../bargain/offer-moves';
import { sweepListings } from '../consignment/listing-sweeper';
import type { GameGateway } from '../games/game-gateway';
import { sweepDeliveries } from '../orders/delivery.service';
import { expireUnpaidOrders } from '../orders/order.service';
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
      const orderDeps = { db, gateway: deps.gateway };
      return {
        listings: await sweepListings(orderDeps, now),
        unpaid: await expireUnpaidOrders(orderDeps, now),
        orders: await sweepDeliveries(orderDeps, now),
        withdrawals: await deps.withdrawals.sweep(now),
        offers: await sweepOffers(orderDeps, now),
      };
    },
  });
}
