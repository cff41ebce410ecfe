import { payPinSchema } from '@app/protocol/calls/pay-password';
import { ErrorCode } from '@app/protocol/errors';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { phoneSchema } from '@app/protocol/validation';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { seenFrom } from '../../platform/http/seen-from';
import type { createSandboxProviders } from '../../platform/identity-providers/identity-providers';
import type { ConsoleSmsProvider } from '../../platform/sms/sms-provider';
import { moveListing } from '../exchange/listing-moves';
import { Accounts, transfer } from '../ledger/ledger';
import { setMaintenance } from '../system/system.service';
import { findOrCreateUserByMobile } from '../user/user.service';
import { startSession } from '../user/user-ban';

/**
 * Test hooks (PROTOCOL.md): plain JSON, never registered in production. They drive state the
 * browser journeys and a newcomer's first run need without an ops console.
 */
export function devRoutes(
  app: FastifyInstance,
  {
    db,
    config,
    sms,
    providers,
    sweep,
    setPayPin,
  }: {
    db: Db;
    config: Config;
    sms: ConsoleSmsProvider;
    providers: ReturnType<typeof createSandboxProviders>;
    sweep?: (aheadMs: number) => Promise<unknown>;
    /** The pay-password module's pin without its SMS code (journeys: the code's 60 s cooldown). */
    setPayPin?: (userId: number, pin: string) => Promise<void>;
  },
): void {
  // Runs every deadline sweeper now with the clock aheadMinutes ahead (settlement, reviews, expiry).
  app.post('/dev/sweep', async (request) => {
    const { aheadMinutes } = z
      .object({
        aheadMinutes: z
          .number()
          .int()
          .min(0)
          .max(60 * 24 * 60),
      })
      .parse(request.body ?? {});
    return { code: ErrorCode.OK, msg: 'success', data: sweep ? await sweep(aheadMinutes * 60_000) : null };
  });
  // What WeChat / QQ / the carrier would hand the client after the user agrees (sandbox providers).
  app.post('/dev/oauth/code', async (request) => {
    const body = z
      .object({ provider: z.enum(['wx', 'qq', 'oneClick']), value: z.string().min(1).max(64) })
      .safeParse(request.body);
    if (!body.success) throw new AppError(ErrorCode.BAD_PARAMS);
    return { code: ErrorCode.OK, msg: 'success', data: { code: providers.issue(body.data.provider, body.data.value) } };
  });

  // The sandbox's authorization page for the web's WeChat / QQ buttons: the user "agrees" at once
  // and returns to the page with a signed code and the page's state (only to this server's pages).
  app.get('/dev/oauth/authorize', async (request, reply) => {
    const query = z
      .object({
        provider: z.enum(['wx', 'qq']),
        redirect_uri: z.string().url().max(512),
        state: z.string().max(128).default(''),
        value: z.string().min(1).max(64).default('sandbox-user'),
      })
      .safeParse(request.query);
    if (!query.success) throw new AppError(ErrorCode.BAD_PARAMS);
    const back = new URL(query.data.redirect_uri);
    const here = URL.canParse(`http://${request.headers.host}`) ? new URL(`http://${request.headers.host}`).host : null;
    if (back.host !== here) throw new AppError(ErrorCode.BAD_PARAMS, '回调地址不是本站');
    back.searchParams.set('code', providers.issue(query.data.provider, `${query.data.provider}-${query.data.value}`));
    back.searchParams.set('state', query.data.state);
    return reply.redirect(back.toString());
  });

  // Takes a listing off sale as its seller's delisting would (the game keeps it frozen until taken back).
  app.post('/dev/commodities/delist', async (request) => {
    const body = z.object({ commodityId: z.coerce.number().int().positive() }).safeParse(request.body);
    if (!body.success) throw new AppError(ErrorCode.BAD_PARAMS);
    if (!(await moveListing(db, body.data.commodityId, ListingStatus.ON_SALE, ListingStatus.DELISTED)))
      throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
    return {
      code: ErrorCode.OK,
      msg: 'success',
      data: { commodityId: String(body.data.commodityId), status: ListingStatus.DELISTED },
    };
  });

  app.get('/dev/sms/outbox', async (request) => {
    const query = z.object({ phone: z.string().max(20).optional() }).safeParse(request.query);
    if (!query.success) throw new AppError(ErrorCode.BAD_PARAMS);
    return { code: ErrorCode.OK, msg: 'success', data: sms.outbox(query.data.phone) };
  });

  const maintenanceBody = z.object({
    updating: z.union([z.literal(0), z.literal(1)]),
    message: z.string().max(200).optional(),
  });
  app.post('/dev/maintenance', async (request) => {
    const body = maintenanceBody.safeParse(request.body);
    if (!body.success) throw new AppError(ErrorCode.BAD_PARAMS);
    return { code: ErrorCode.OK, msg: 'success', data: await setMaintenance(db, body.data) };
  });

  // paypin: the payment password of a user by phone, as payPassword.set would leave it.
  app.post('/dev/pay-password', async (request) => {
    const body = z.object({ phone: phoneSchema, pin: payPinSchema }).safeParse(request.body);
    if (!body.success || !setPayPin) throw new AppError(ErrorCode.BAD_PARAMS, body.error?.issues[0]?.message);
    const user = await findOrCreateUserByMobile(db, body.data.phone);
    await setPayPin(user.id, body.data.pin);
    return { code: ErrorCode.OK, msg: 'success', data: { set: true } };
  });

  // A balance for a journey's user by phone, as a paid-in 充值 would leave it (in the ledger, once per key).
  app.post('/dev/topup', async (request) => {
    const body = z
      .object({ phone: phoneSchema, amount: z.number().int().min(1).max(10_000_000), key: z.string().min(1).max(64) })
      .safeParse(request.body);
    if (!body.success) throw new AppError(ErrorCode.BAD_PARAMS, body.error.issues[0]?.message);
    const user = await findOrCreateUserByMobile(db, body.data.phone);
    await transfer(db, {
      key: `dev-topup:${body.data.key}`,
      debit: Accounts.gateway('dev-topup'),
      credit: Accounts.userAvailable(user.id),
      amount: body.data.amount,
      code: 'topup',
    });
    return { code: ErrorCode.OK, msg: 'success', data: { amount: body.data.amount } };
  });

  app.post('/dev/session', async (request) => {
    // A device id may be named (the risk journey's two players on one phone); the address is the caller's.
    const body = z
      .object({
        phone: phoneSchema,
        deviceId: z
          .string()
          .regex(/^[\w.:-]{4,64}$/)
          .optional(),
      })
      .safeParse(request.body);
    if (!body.success) throw new AppError(ErrorCode.BAD_PARAMS, body.error.issues[0]?.message);
    const user = await findOrCreateUserByMobile(db, body.data.phone);
    const seen = seenFrom(request);
    const token = await startSession(db, user.id, 'H5', config.SESSION_TTL_DAYS, {
      ...seen,
      deviceId: body.data.deviceId ?? seen.deviceId,
    });
    return { code: ErrorCode.OK, msg: 'success', data: { token, uid: user.uid, mobile: body.data.phone } };
  });
}
