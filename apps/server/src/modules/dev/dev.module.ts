import { ErrorCode } from '@app/protocol/errors';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import { AppError } from '../../platform/errors';
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
    /** The auctions' sweeper, and the hook that moves a running auction's end. */
    auctions?: {
      sweep: (now: number) => Promise<unknown>;
      moveEnd: (commodityId: number, endsAt: Date) => Promise<boolean>;
    };
    /** The broker orders' sweeper (unpaid deadlines, deliveries asked again, confirmation, settlement). */
    broker?: { sweep: (now: number) => Promise<unknown> };
    /** The buy order book's sweeper (bids run out). */
    bidBook?: { sweep: (now: number) => Promise<unknown> };
    /** The payment password set without its SMS code (the pay-password module's test hook). */
    setPayPin?: (userId: number, pin: string) => Promise<void>;
    /** The refunds' sweeper (原路退回 left unknown or processing: the gateway asked). */
    refunds?: { sweep: (now: number) => Promise<unknown> };
    /** The risk signals' sweep (a journey sees a signal without waiting for the leader's next round). */
    risk?: { sweep: (now: number) => Promise<unknown> };
  },
): void {
  const { db } = deps.platform;
  devRoutes(app, {
    db,
    config: deps.config,
    // The outbox of the console driver (empty with a real driver outside production).
    sms: deps.sms instanceof ConsoleSmsProvider ? deps.sms : new ConsoleSmsProvider(() => {}),
    providers: deps.providers,
    setPayPin: deps.setPayPin,
    sweep: async (aheadMs) => {
      const now = Date.now() + aheadMs;
      const { expired, ...orders } = await deps.orders.sweep(now);
      return {
        listings: await sweepListings({ db, gateway: deps.gateway }, now),
        unpaid: expired,
        orders,
        withdrawals: await deps.withdrawals.sweep(now),
        offers: await deps.offers.sweep(now),
        auctions: await deps.auctions?.sweep(now),
        brokerOrders: await deps.broker?.sweep(now),
        coinBids: await deps.bidBook?.sweep(now),
        refunds: await deps.refunds?.sweep(now),
      };
    },
  });
  // Runs the risk sweep now, on the real clock (its own hook: the tests that share a database and call
  // /dev/sweep must not raise the signals a risk test counts).
  app.post('/dev/risk/sweep', async () => ({
    code: ErrorCode.OK,
    msg: 'success',
    data: deps.risk ? await deps.risk.sweep(Date.now()) : null,
  }));
  // Moves a running auction's end to `inSeconds` from now (a journey sees the anti-sniping and the end without waiting hours).
  app.post('/dev/auction/end', async (request) => {
    const body = z
      .object({ commodityId: z.coerce.number().int().positive(), inSeconds: z.number().int().min(-86_400).max(86_400) })
      .safeParse(request.body);
    if (!body.success || !deps.auctions) throw new AppError(ErrorCode.BAD_PARAMS);
    const moved = await deps.auctions.moveEnd(body.data.commodityId, new Date(Date.now() + body.data.inSeconds * 1000));
    return { code: ErrorCode.OK, msg: 'success', data: { moved } };
  });
}
