import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { EnvelopeError } from '@app/protocol/codec/server';
import { ErrorCode, errorCatalogue } from '@app/protocol/errors';
import { GATEWAY_PREFIXES } from '@app/protocol/server-paths';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { type Config, opsToken, testHooksEnabled } from './config';
import { bargainModule } from './modules/bargain/bargain.module';
import { hasLiveOffers } from './modules/bargain/offer.service';
import { sweepOffers } from './modules/bargain/offer-moves';
import { consignmentModule } from './modules/consignment/consignment.module';
import { hasActiveListings } from './modules/consignment/listing.service';
import { sweepListings } from './modules/consignment/listing-sweeper';
import { couponRoutes } from './modules/coupon/coupon.routes';
import { devRoutes } from './modules/dev/dev.routes';
import { mountDemoGame } from './modules/games/embedded-demo-game';
import { gameDataRoutes } from './modules/games/game-data.routes';
import { createGameGateway, type GameConfig, type GameGateway, partnerGames } from './modules/games/game-gateway';
import { gameLoginRoutes } from './modules/games/game-login.routes';
import { partnerCallbackRoutes } from './modules/games/partner-callback.routes';
import { identityRoutes, uploadRoutes } from './modules/identity/identity.routes';
import { identityStatus, realNameIs } from './modules/identity/identity.service';
import { marketModule } from './modules/market/market.module';
import { opsModule } from './modules/ops/ops.module';
import { deliverOrder, sweepDeliveries } from './modules/orders/delivery.service';
import { expireUnpaidOrders, hasOpenOrders } from './modules/orders/order.service';
import { ordersModule } from './modules/orders/orders.module';
import { type PaymentsHandle, paymentsModule } from './modules/payments/payments.module';
import { realPayGateways } from './modules/payments/real-gateways';
import { smsRoutes } from './modules/sms/sms.routes';
import { systemRoutes } from './modules/system/system.routes';
import { trackingRoutes } from './modules/tracking/tracking.routes';
import { accountRoutes } from './modules/user/account.routes';
import { feedbackRoutes } from './modules/user/feedback.routes';
import { loginRoutes } from './modules/user/login.routes';
import { accountRemovalChecks } from './modules/user/removal-checks';
import { settingsRoutes } from './modules/user/settings.routes';
import { thirdPartyLoginRoutes } from './modules/user/third-party-login.routes';
import { userRoutes } from './modules/user/user.routes';
import { userBalances } from './modules/wallet/ledger';
import { createSandboxPayout, createUnavailablePayout } from './modules/withdrawal/payout-provider';
import { withdrawalModule } from './modules/withdrawal/withdrawal.module';
import { hasPendingWithdrawal, sweepWithdrawals } from './modules/withdrawal/withdrawal.service';
import { type KeyRing, loadKeyRing } from './platform/codec/key-ring';
import { memoryNonceStore, redisNonceStore } from './platform/codec/nonce-store';
import { createPiiCipher } from './platform/crypto/pii';
import { type Db, migrate, openDatabase } from './platform/db/database';
import { isAppError, isDataException } from './platform/errors';
import { gracefulStop } from './platform/http/graceful-stop';
import { buildOpenApi } from './platform/http/openapi';
import { isRateLimited, rateLimitedEnvelope, rateLimits } from './platform/http/rate-limits';
import type { CallPlatform } from './platform/http/register-call';
import { inlineScriptHashes, securityHeaders } from './platform/http/security-headers';
import { createSandboxProviders, unavailableProviders } from './platform/identity-providers/identity-providers';
import { logDestination } from './platform/log/destination';
import { InProcessCallsAtDebug } from './platform/log/in-process-calls';
import { loggerOptions } from './platform/log/mask';
import { memoryRateStore, redisRateStore } from './platform/rate/rate-store';
import { connectRedis } from './platform/redis';
import { ensureSecret } from './platform/secrets';
import { smsProviderOf } from './platform/sms/sms-driver';
import { ConsoleSmsProvider } from './platform/sms/sms-provider';
import { createLocalStorage } from './platform/storage/local-storage';
import type { ObjectStorage } from './platform/storage/object-storage';
import { createS3Storage } from './platform/storage/s3-storage';
import { localStorageRoutes } from './platform/storage/storage.routes';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    platform: CallPlatform;
    /** Call once after ready(): syncs the games table and seeds the demo market (server.ts does). */
    prepareMarket: () => Promise<void>;
    /** The game gateway (tests look into the games through it). */
    gateway: GameGateway;
    /** The payment service and the sandbox gateway's hooks (tests drive notifications through them). */
    payments: PaymentsHandle;
  }
}

const API_PATH = /^\/(pb|df|pt)\/api\//;
const GATEWAY_PATH = new RegExp(`^/(${GATEWAY_PREFIXES.join('|')})(/(pb|df|pt)/api/)`);

const envelope = (code: ErrorCode, msg?: string, data: unknown = null) => ({
  code,
  msg: msg ?? errorCatalogue[code].message,
  data,
});

export interface BuildOptions {
  /** An already open database (tests share a template); otherwise opened from the config. */
  db?: Db;
  /** Where the log goes (tests read it); stdout otherwise, JSON or pretty (platform/log/destination.ts). */
  logStream?: DestinationStream;
}

/** TRUST_PROXY as Fastify takes it: a number of hops becomes "trust the nearest n". */
const trustProxy = (setting: Config['TRUST_PROXY']) =>
  typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;

/** Builds the whole server without listening (server.ts listens; tests use inject or listen(0)). */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Phones masked in every line, tokens redacted (platform/log/mask.ts).
    logger: loggerOptions(config.LOG_LEVEL, options.logStream ?? (await logDestination(config))),
    // The in-process calls to the embedded demo games log at debug (the demo seed makes ~900).
    logController: new InProcessCallsAtDebug(),
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID(),
    requestIdHeader: false,
    bodyLimit: config.BODY_LIMIT,
    // Behind a load balancer, the client's address comes from X-Forwarded-For (TRUST_PROXY).
    trustProxy: trustProxy(config.TRUST_PROXY),
    // The specs' "test flag" prefixes: /user/pb/api/... is /pb/api/... behind a service gateway.
    rewriteUrl: (req) => (req.url ?? '/').replace(GATEWAY_PATH, '$2'),
    // Stopping serves what already got in (platform/http/graceful-stop.ts), no 503 while closing.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
  });
  const stopping = gracefulStop(app, { drainMs: 8_000 });

  const db = options.db ?? (await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir }));
  await migrate(db);
  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL) : null;
  let keyRing: KeyRing = await loadKeyRing(db, {
    privateKeyPem: config.RSA_PRIVATE_KEY,
    graceSeconds: config.KEY_GRACE_SECONDS,
  });
  const platform: CallPlatform = {
    db,
    keyRing: () => keyRing,
    nonces: redis ? redisNonceStore(redis, `${config.REDIS_PREFIX}nonce:`) : memoryNonceStore(),
    validateResponses: config.VALIDATE_RESPONSES || config.APP_ENV !== 'production',
  };
  // Keys rotate by an ops command in another process: pick the new ring up within a minute.
  const refresh = setInterval(async () => {
    try {
      keyRing = await loadKeyRing(db, {
        privateKeyPem: config.RSA_PRIVATE_KEY,
        graceSeconds: config.KEY_GRACE_SECONDS,
      });
    } catch (error) {
      app.log.warn({ err: error }, 'key ring refresh failed');
    }
  }, 60_000);
  refresh.unref();
  // The games: the embedded demo games (DEMO_GAME, never in production) and the external ones of GAMES (decision 0015).
  const demoGames: GameConfig[] = config.DEMO_GAME
    ? await mountDemoGame(app, {
        secret: await ensureSecret(db, 'demoGamePartner'),
        dataDir: options.db ? null : config.dataDir,
        publicBaseUrl: config.PUBLIC_BASE_URL ?? '',
      })
    : [];
  const games = [...demoGames, ...partnerGames(config.GAMES)];
  const clash = games.find((g, i) => games.findIndex((o) => o.gameId === g.gameId) !== i);
  if (clash) throw new Error(`Invalid configuration:\nGAMES: ${clash.gameId} is already an embedded demo game`);
  const gateway = createGameGateway(games, 'marketplace');
  platform.games = gateway.verifier;
  app.decorate('db', db);
  app.decorate('platform', platform);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.setErrorHandler((error, request, reply) => {
    if (isAppError(error)) return reply.status(200).send(envelope(error.code, error.message, error.data));
    if (error instanceof EnvelopeError) {
      request.log.info({ reason: error.reason }, 'envelope refused');
      return reply.status(200).send(envelope(ErrorCode.BAD_ENVELOPE));
    }
    if (isRateLimited(error)) {
      request.log.info({ ip: request.ip }, 'rate limited');
      return reply.status(429).header('retry-after', error.retryAfterSeconds).send(rateLimitedEnvelope());
    }
    const e = error as { code?: string; statusCode?: number };
    if (isDataException(error)) {
      // A value the schema let through but the database refuses (out of range, bad encoding): the caller's.
      request.log.warn({ err: error }, 'input refused by the database');
      return reply.status(200).send(envelope(ErrorCode.BAD_PARAMS));
    }
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.status(413).send(envelope(ErrorCode.BODY_TOO_LARGE));
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      // Malformed JSON, wrong content type: a transport-level failure, same uniform answer.
      request.log.info({ err: error }, 'bad request');
      return reply.status(e.statusCode).send(envelope(ErrorCode.BAD_ENVELOPE));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(envelope(ErrorCode.INTERNAL));
  });

  const webIndex = path.join(config.webDist, 'index.html');
  securityHeaders(app, {
    production: config.APP_ENV === 'production',
    frameAncestors: config.FRAME_ANCESTORS,
    connectOrigins: [config.S3_ENDPOINT, config.PUBLIC_BASE_URL].flatMap((url) => (url ? [new URL(url).origin] : [])),
    // The built page's inline preloader (decision 0010) is allowed by its hash, read once at start.
    inlineScripts: fs.existsSync(webIndex) ? inlineScriptHashes(fs.readFileSync(webIndex, 'utf8')) : [],
  });
  // Counters of every limit (API, SMS, key checks, staff logins): shared through Redis when configured.
  const rates = redis ? redisRateStore(redis, `${config.REDIS_PREFIX}rate:`) : memoryRateStore();
  rateLimits(app, {
    clientPer10s: config.RATE_LIMIT_CLIENT_PER_10S,
    addressPerMinute: config.RATE_LIMIT_ADDRESS_PER_MINUTE,
    eventsPerMinute: config.RATE_LIMIT_EVENTS_PER_MINUTE,
    rates,
  });

  app.get('/health', async () => {
    return { status: 'ok' };
  });
  app.get('/health/ready', async (_request, reply) => {
    try {
      await db.selectFrom('settings').select('key').limit(1).execute();
      if (redis) await redis.ping();
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  // Production: its real parts only, their secrets from the environment (loadConfig refuses otherwise, decision 0012).
  const production = !testHooksEnabled(config);
  const sms = smsProviderOf(config, (line) => app.log.info(line));
  const smsDeps = {
    db,
    rates,
    sms,
    addressCaps: { hour: config.SMS_PER_ADDRESS_HOUR, day: config.SMS_PER_ADDRESS_DAY },
    hashSecret: await ensureSecret(db, 'smsCodeHash', config.SMS_CODE_SECRET, {
      production,
      variable: 'SMS_CODE_SECRET',
    }),
  };

  systemRoutes(app, platform, config);
  smsRoutes(app, platform, smsDeps);
  loginRoutes(app, platform, { ...smsDeps, sessionTtlDays: config.SESSION_TTL_DAYS });
  const identityDeps = {
    db,
    pii: createPiiCipher(await ensureSecret(db, 'piiKey', config.PII_KEY, { production, variable: 'PII_KEY' })),
  };
  userRoutes(app, platform, (userId) => identityStatus(identityDeps, userId));
  // WeChat, QQ and carrier logins: signed sandbox credentials outside production, refused in it.
  const providers = production ? null : createSandboxProviders(await ensureSecret(db, 'sandboxProviders'));
  thirdPartyLoginRoutes(app, platform, providers ?? unavailableProviders(), config.SESSION_TTL_DAYS);
  gameLoginRoutes(app, platform, gateway, config.SESSION_TTL_DAYS, smsDeps);
  gameDataRoutes(app, platform, gateway, smsDeps.rates);
  await partnerCallbackRoutes(app, { db, gateway });
  settingsRoutes(app, platform);
  feedbackRoutes(app, platform, config.CUSTOMER_SERVICE_URL);
  // Nothing in flight when an account closes: each module answers for what it holds of the user.
  accountRoutes(
    app,
    platform,
    smsDeps,
    accountRemovalChecks({
      balances: userBalances,
      hasOpenOrders,
      hasActiveListings,
      hasLiveOffers,
      hasPendingWithdrawal,
    }),
  );
  consignmentModule(app, platform, { gateway, sms: smsDeps, sweepEveryMs: config.SWEEP_MS });
  ordersModule(app, platform, { gateway, sweepEveryMs: config.SWEEP_MS });
  bargainModule(app, platform, { gateway, sweepEveryMs: config.SWEEP_MS });
  await opsModule(app, {
    db,
    gateway,
    pii: identityDeps.pii,
    rates: smsDeps.rates,
    bootstrapToken: opsToken(config),
    demoStaff: config.APP_ENV !== 'production',
  });
  couponRoutes(app, platform);
  const payments = await paymentsModule(app, platform, {
    db,
    sandboxSecret: production ? null : await ensureSecret(db, 'sandboxPay'),
    sandbox: testHooksEnabled(config),
    sweepEveryMs: config.SWEEP_MS,
    ...realPayGateways(config),
    landingOrigin: config.PRE_BASE_URL?.replace(/\/$/, ''),
    // Paid: the game delivers now; if this fails or the process dies, the order sweeper delivers later.
    onPaid: (orderId) => {
      // Test hook (crash-restart.test.ts): die after the payment's commit, before the game hears of it.
      if (config.FAULT_KILL_AFTER === 'payment-commit' && testHooksEnabled(config))
        process.kill(process.pid, 'SIGKILL');
      deliverOrder({ db, gateway }, orderId).catch((error: unknown) =>
        app.log.warn({ err: error, orderId }, 'delivery failed; the sweeper retries'),
      );
    },
  });
  app.decorate('payments', payments);
  const withdrawalDeps = {
    db,
    pii: identityDeps.pii,
    // No real payout channel is integrated yet: production takes no withdrawal rather than run the sandbox.
    payout: config.APP_ENV === 'production' ? createUnavailablePayout() : createSandboxPayout(),
    realNameIs: (userId: number, name: string) => realNameIs(identityDeps, userId, name),
    hasAuthentication: async (userId: number) => (await identityStatus(identityDeps, userId)).hasAuthentication === '1',
    maskedRealName: async (userId: number) => (await identityStatus(identityDeps, userId)).realName,
    reviewSeconds: config.WITHDRAW_REVIEW_SECONDS,
  };
  withdrawalModule(app, platform, { ...withdrawalDeps, sweepEveryMs: config.SWEEP_MS });
  let storage: ObjectStorage;
  if (config.STORAGE_DRIVER === 's3') {
    storage = createS3Storage({
      endpoint: config.S3_ENDPOINT as string,
      bucket: config.S3_BUCKET as string,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID as string,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY as string,
      virtualHosted: config.S3_VIRTUAL_HOSTED,
    });
  } else {
    const local = createLocalStorage({
      root: config.UPLOAD_DIR ?? path.join(config.dataDir, 'uploads'),
      publicBaseUrl: config.PUBLIC_BASE_URL ?? '',
      secret: await ensureSecret(db, 'storageSigning', config.STORAGE_SIGNING_SECRET, {
        production,
        variable: 'STORAGE_SIGNING_SECRET',
      }),
    });
    await localStorageRoutes(app, local);
    storage = local;
  }
  uploadRoutes(app, platform, storage);
  identityRoutes(app, platform, { ...identityDeps, storage });
  const market = await marketModule(app, platform, {
    gateway,
    games,
    demoGames,
    seedDemo: config.DEMO_GAME && config.DEMO_MARKET,
  });
  app.decorate('prepareMarket', market.prepare);
  app.decorate('gateway', gateway);
  // The statistics app of each client source signs with that source's secret (clientConfig hands both out).
  const trackingSecrets = () =>
    Object.fromEntries(
      Object.entries(keyRing.signSecrets).map(([source, secret]) => [`market-${source.toLowerCase()}`, secret]),
    );
  await trackingRoutes(app, { db, nonces: platform.nonces, secrets: trackingSecrets() });
  if (providers)
    devRoutes(app, {
      db,
      config,
      // The outbox of the console driver (empty with a real driver outside production).
      sms: sms instanceof ConsoleSmsProvider ? sms : new ConsoleSmsProvider(() => {}),
      providers,
      // Every deadline sweeper at once, as if the clock were ahead (journeys cannot wait 24 hours).
      sweep: async (aheadMs) => {
        const now = Date.now() + aheadMs;
        const orderDeps = { db, gateway };
        return {
          listings: await sweepListings(orderDeps, now),
          unpaid: await expireUnpaidOrders(orderDeps, now),
          orders: await sweepDeliveries(orderDeps, now),
          withdrawals: await sweepWithdrawals(withdrawalDeps, now),
          offers: await sweepOffers(orderDeps, now),
        };
      },
    });

  const openApi = () => buildOpenApi(app);
  let openApiCache: ReturnType<typeof openApi> | null = null;
  app.get('/openapi.json', async () => {
    openApiCache ??= openApi();
    return openApiCache;
  });

  const hasWeb = fs.existsSync(path.join(config.webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside every script, style and index.html (decision 0010).
      preCompressed: true,
      maxAge: '1h',
      immutable: false,
      // Hashed chunks never change under their name: cached for a year; the page itself is
      // asked again every time, so a new build reaches everyone at once.
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        else if (path.basename(filePath).startsWith('index.html')) reply.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = API_PATH.test(url) || url.startsWith('/dev/') || url.startsWith('/v1/') || url.startsWith('/ops/v1/');
    if (!isApi && request.method === 'GET' && hasWeb && !path.extname(url)) {
      return reply.sendFile('index.html');
    }
    return reply.status(404).send(envelope(ErrorCode.NOT_FOUND));
  });

  // After the last request and every module's own onClose hook (gracefulStop runs these last).
  stopping.atLast(async () => {
    clearInterval(refresh);
    platform.nonces.close();
    if (redis) await redis.quit();
    if (!options.db) await db.destroy();
  });
  return app;
}
