import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { type Config, opsToken, testHooksEnabled } from './config';
import { auctionModule } from './modules/auction/auction.module';
import type { AuctionDeps } from './modules/auction/auction.service';
import { bargainModule } from './modules/bargain/bargain.module';
import { bidBookModule } from './modules/bid-book/bid-book.module';
import { bidPayable } from './modules/bid-book/bid-payable';
import { brokerModule } from './modules/broker/broker.module';
import { findBrokerThings } from './modules/broker/broker-finder';
import { brokerOrderEvents } from './modules/broker/broker-order-events';
import { brokerPayable } from './modules/broker/broker-payable';
import { brokerRefusedCases } from './modules/broker/broker-refused-cases';
import { RefusedCases } from './modules/casework/refused-cases';
import { consignmentModule } from './modules/consignment/consignment.module';
import { couponModule } from './modules/coupon/coupon.module';
import { DepositKeepers } from './modules/deposits/deposit.service';
import { depositPayable } from './modules/deposits/deposit-payable';
import { depositsModule } from './modules/deposits/deposits.module';
import { devModule } from './modules/dev/dev.module';
import { exchangeStatsSource } from './modules/exchange/exchange-stats';
import { findListings } from './modules/exchange/listing-finder';
import { configuredGames, type MountGames } from './modules/games/configured-games';
import type { GameGateway } from './modules/games/game-gateway';
import { gamesModule } from './modules/games/games.module';
import { identityModule } from './modules/identity/identity.module';
import { imModule } from './modules/im/im.module';
import { tellPriceDrops } from './modules/market/collectors';
import type { CatalogueEntry } from './modules/market/game-catalogue';
import { homePageData } from './modules/market/home-page-data';
import { marketModule } from './modules/market/market.module';
import { noticesModule } from './modules/notices/notices.module';
import { Finders } from './modules/ops/finders';
import { opsModule } from './modules/ops/ops.module';
import { Reconcilers } from './modules/ops/reconcilers';
import { StaffSessionEnds, staffSessionAllows } from './modules/ops/staff-sessions';
import { orderNumbers } from './modules/orders/order.queries';
import { orderEvents } from './modules/orders/order-events';
import { findOrders } from './modules/orders/order-lookup';
import { orderPayable } from './modules/orders/order-payable';
import { orderRefusedCases } from './modules/orders/order-refused-cases';
import { orderStatsSource } from './modules/orders/order-stats';
import { ordersModule } from './modules/orders/orders.module';
import { sellerRecord } from './modules/orders/seller-record';
import { type PayPasswordHandle, payPasswordModule } from './modules/pay-password/pay-password.module';
import { Payables } from './modules/payments/payable';
import { releasePayableHolds } from './modules/payments/payment-holds';
import { type PaymentsHandle, paymentsModule } from './modules/payments/payments.module';
import { RefundPort } from './modules/payments/refund-port';
import { riskModule } from './modules/risk/risk.module';
import { smsModule } from './modules/sms/sms.module';
import { type StatsHandle, statsModule } from './modules/stats/stats.module';
import { StatsSources } from './modules/stats/stats-sources';
import { supportModule } from './modules/support/support.module';
import { askForService, endStaffChat } from './modules/support/support.service';
import { supportStatsSource } from './modules/support/support-stats';
import { systemModule } from './modules/system/system.module';
import { trackingModule } from './modules/tracking/tracking.module';
import { trackingStatsSource } from './modules/tracking/tracking-stats';
import { isGrayUser, pushOn } from './modules/user/settings.service';
import { userModule } from './modules/user/user.module';
import { boundPhone, markAuthenticated, uidOf } from './modules/user/user.queries';
import { findUsers } from './modules/user/user-finder';
import { withdrawalModule } from './modules/withdrawal/withdrawal.module';
import { findWithdrawals } from './modules/withdrawal/withdrawal-holds';
import type { Db } from './platform/db/database';
import { answerErrors } from './platform/http/error-handler';
import { gracefulStop } from './platform/http/graceful-stop';
import { healthRoutes } from './platform/http/health';
import { shedLoad } from './platform/http/load-shedding';
import { localBackup } from './platform/http/local-backup';
import { openApiRoute } from './platform/http/openapi';
import { rateLimits } from './platform/http/rate-limits';
import type { CallPlatform } from './platform/http/register-call';
import { securityHeaders } from './platform/http/security-headers';
import { echoRequestId, nameTheNode, serverOptions } from './platform/http/server-options';
import { followPageScripts, pageAllowances, serveWeb } from './platform/http/web-app';
import { configuredLoginProviders } from './platform/identity-providers/configured-providers';
import { sandboxProvidersOf } from './platform/identity-providers/identity-providers';
import { leadSweeps } from './platform/jobs/sweep-every';
import { advisoryLeadership } from './platform/jobs/sweep-leader';
import { logDestination } from './platform/log/destination';
import { httpMetrics } from './platform/metrics/http-metrics';
import { metricsOf } from './platform/metrics/metrics';
import { platformMetrics } from './platform/metrics/platform-metrics';
import { openPlatform } from './platform/open-platform';
import { openStorage } from './platform/storage/storage-driver';
import { traceRequests } from './platform/tracing/trace-app';
import type { SpanExporter } from './platform/tracing/tracing';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    platform: CallPlatform;
    /** Call once after ready(): syncs the games table, then runs the composition's seed (server.ts's serve does). */
    prepareMarket: () => Promise<void>;
    /** The game gateway (tests look into the games through it). */
    gateway: GameGateway;
    /** The payment service and the sandbox gateway's hooks (tests drive notifications through them). */
    payments: PaymentsHandle;
    /** 支付密码: what payments and withdrawal ask before money leaves the balance (wallet). */
    payPassword: PayPasswordHandle;
    /** stats: the rollups and the dashboard (tests run a rollup through it). */
    stats: StatsHandle;
  }
}

export interface BuildOptions {
  /** An already open database (tests share a template); otherwise opened from the config. */
  db?: Db;
  /** Where the log goes (tests read it); stdout otherwise. */
  logStream?: DestinationStream;
  /**
   * Games a composition outside the server mounts into this process (the demo's: `npm start`,
   * the tests), traded as partner entries like those of GAMES. Production's entry hands none.
   */
  mountGames?: MountGames;
  /** The market's catalogue entries of the mounted games (texts, links, tags). */
  catalogue?: Readonly<Record<string, CatalogueEntry>>;
  /** What the composition seeds once the games are synced, through the modules' services (prepareMarket runs it). */
  seed?: (services: SeedServices) => Promise<void>;
  /** Tests: trace every request into this exporter (an in-memory one), endpoint or not. */
  spanExporter?: SpanExporter;
}

/** The services a composition's seed works through (it reaches no table itself). */
export interface SeedServices {
  db: Db;
  gateway: GameGateway;
  log: FastifyInstance['log'];
  /** The auction service's dependencies (createAuction, placeBid). */
  auctions: AuctionDeps;
  /** Rolls the statistics up over the whole backfill period: call after writing facts in the past. */
  rollUpHistory: () => Promise<unknown>;
}

/** Builds the whole server without listening (server.ts listens; tests use inject or listen(0)). */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify(serverOptions(config, options.logStream ?? (await logDestination(config))));
  // traces: one trace per request through the database, Redis and the games (decision 0060); off without an endpoint.
  const tracing = traceRequests(app, config, options.spanExporter);
  const stopping = gracefulStop(app, { drainMs: 8_000 });
  // What the process and each part measure, on /metrics (decision 0054): the platform and modules register into it.
  const metrics = metricsOf(app);
  if (config.METRICS === 'on') httpMetrics(app, metrics, { token: config.METRICS_TOKEN });
  // Above a measured event-loop delay or heap, new requests get 503 at once (decision 0055).
  const shedding = await shedLoad(app, metrics, {
    maxEventLoopDelayMs: config.SHED_EVENT_LOOP_DELAY_MS ?? (config.DATABASE_URL ? 50 : 0),
    maxHeapUsedRatio: config.SHED_HEAP_USED_RATIO,
    sampleMs: config.SHED_SAMPLE_MS,
  });

  // The platform: database, Redis, codec keys, nonces and limits; the games (a composition's games
  // mount here, before the hooks below); what every request goes through; health, storage.
  const { db, redis, platform, rates, close } = await openPlatform(app, config, options.db);
  if (config.METRICS === 'on') platformMetrics(metrics, { db, opener: platform.opener });
  if (tracing) stopping.atLast(tracing.traceParts({ db, redis }));
  // After the last request and every module's own onClose hook (gracefulStop runs these last).
  stopping.atLast(close);
  // Many processes on one PostgreSQL: one of them runs the deadline sweeps (platform/jobs/sweep-leader.ts).
  if (config.DATABASE_URL && config.SWEEP_MS > 0) {
    const leadership = advisoryLeadership(config.DATABASE_URL, app.log);
    leadSweeps(app, leadership);
    stopping.atLast(() => leadership.close());
  }
  const { games, gateway } = await configuredGames(app, {
    platform,
    config,
    dataDir: options.db ? null : config.dataDir,
    mount: options.mountGames,
  });
  app.decorate('db', db);
  app.decorate('platform', platform);
  app.decorate('gateway', gateway);
  echoRequestId(app);
  nameTheNode(app, config.NODE_NAME);
  answerErrors(app);
  const allowances = pageAllowances(config);
  const headers = securityHeaders(app, allowances);
  followPageScripts(app, config.webDist, allowances.inlineScripts ?? [], headers.allowInlineScripts);
  rateLimits(app, {
    clientPer10s: config.RATE_LIMIT_CLIENT_PER_10S,
    addressPerMinute: config.RATE_LIMIT_ADDRESS_PER_MINUTE,
    eventsPerMinute: config.RATE_LIMIT_EVENTS_PER_MINUTE,
    rates,
  });
  healthRoutes(app, { db, redis, draining: stopping.draining, underPressure: shedding.underPressure });
  // PGlite's backup runs in the process that holds it: on demand from this machine, and on a schedule (docs/backups.md).
  localBackup(app, db, {
    dir: path.resolve(config.BACKUP_DIR),
    keep: config.BACKUP_KEEP,
    everyMinutes: config.BACKUP_EVERY_MINUTES,
  });
  // Production: its real parts only, their secrets from the environment (loadConfig refuses otherwise, decision 0012).
  const production = !testHooksEnabled(config);
  const storage = await openStorage(app, { db, config, production });
  const providers = await sandboxProvidersOf(db, production);

  // The modules, each through its one entry.
  // gamerules: a signed-in gray user passes maintenance (the user module's list).
  systemModule(app, { platform, config, passesMaintenance: (userId) => isGrayUser(db, userId) });
  // The user module's answers for the modules it stands on (they cannot import it).
  const phoneOf = (userId: number) => boundPhone(db, userId);
  const sms = await smsModule(app, { platform, rates, config, production, phoneOf });
  const identity = await identityModule(app, {
    platform,
    rates,
    askGame: gateway.registeredRealName,
    storage,
    config,
    production,
    markVerified: markAuthenticated,
  });
  // wallet: the payment password and the security changes that hold withdrawals.
  const identityIs = identity.identityIs;
  app.decorate('payPassword', await payPasswordModule(app, { platform, sms, config, production, phoneOf, identityIs }));
  // Nothing in flight when an account closes: each module that holds a user's money or goods registers its check here.
  const gameFiles = games.flatMap((g) => (g.filesUrl ? [g.filesUrl] : []));
  const logins = configuredLoginProviders(config, providers);
  const removal = userModule(app, { platform, sms, identity, logins, config, gameFiles, orderNumbers });
  const chat = await imModule(app, { platform, rates, redis, redisPrefix: config.REDIS_PREFIX, storage });
  const notices = noticesModule(app, { platform, chat, audience: { uidOf, pushOn } });
  gamesModule(app, { platform, gateway, sms, config });
  // 降价提醒: the collectors (the market's) hear when a listing comes back on sale cheaper.
  const priceDropped = tellPriceDrops(db, notices, app.log);
  const { gameAccountRefusal } = identity;
  await consignmentModule(app, {
    platform,
    gateway,
    sms,
    sweepEveryMs: config.SWEEP_MS,
    priceDropped,
    removal,
    gameAccountRefusal,
  });
  // The order chat and the notifications hear of each order.
  const support = supportModule(app, { platform, chat, notices, rates });
  // 拒绝收货 opens a customer-service case in the order's chat (the support module's, handed in).
  const openCase = (orderId: number, buyerUserId: number, reason: string) =>
    askForService(support, buyerUserId, orderId, reason, false).then(() => undefined);
  const events = orderEvents({ db, chat, notices, openCase, log: app.log });
  const brokerEvents = brokerOrderEvents({ db, chat, notices, log: app.log });
  // What each purpose of a deposit (保证金) does once it is paid: the bargain and auction modules register theirs.
  const depositKeepers = new DepositKeepers();
  // 原路退回: the purposes refund through this port; the payments module provides it below.
  const refunds = new RefundPort();
  depositsModule(app, { platform, removal });
  const orders = ordersModule(app, { platform, gateway, sweepEveryMs: config.SWEEP_MS, events, removal, refunds });
  const offers = bargainModule(app, {
    platform,
    gateway,
    sweepEveryMs: config.SWEEP_MS,
    events,
    notices,
    keepers: depositKeepers,
    removal,
    refunds,
  });
  const auctions = auctionModule(app, {
    platform,
    gateway,
    keepers: depositKeepers,
    sweepEveryMs: config.SWEEP_MS,
    events,
    notices,
    removal,
    refunds,
  });
  const demoStaff = config.APP_ENV !== 'production';
  // 客服's chat logins live while his console session does and he may handle orders; when his
  // sessions end or his role changes, the chat closes what no longer passes on every process.
  chat.checkStaffWith((staffId, sessionHash) => staffSessionAllows(db, staffId, sessionHash, 'orders'));
  const sessionEnds = new StaffSessionEnds();
  sessionEnds.register((staffId) => endStaffChat(support, staffId));
  const withdrawals = withdrawalModule(app, {
    platform,
    identity,
    config,
    notices,
    removal,
    security: app.payPassword,
  });
  // 对账: each module that moves money through a provider registers its day's reconciliation (payouts; refunds below).
  const reconcilers = new Reconcilers();
  for (const r of withdrawals.reconcilers) reconcilers.register({ source: 'payouts', ...r });
  // 拒绝收货 and its kin in the console: each order machinery registers its cases (the broker's below).
  const cases = new RefusedCases();
  cases.register(orderRefusedCases({ db, gateway, events, refunds }));
  // opsusers: 查找 asks each module for its own ids (the finders port); the users' page and actions.
  const finders = new Finders();
  finders.register('user', findUsers);
  finders.register('order', findOrders);
  finders.register('listing', findListings);
  finders.register('broker', findBrokerThings);
  finders.register('withdrawal', findWithdrawals);
  const users = {
    db,
    finders,
    identityStatus: identity.status,
    endChatLogins: (uid: string) => chat.endLapsedLogins(uid),
  };
  // stats: the rollups' sources register here (events, orders, listings, support cases); the console reads the handle.
  const statsSources = new StatsSources();
  statsSources.register(trackingStatsSource);
  statsSources.register(orderStatsSource);
  statsSources.register(exchangeStatsSource);
  statsSources.register(supportStatsSource);
  const stats = statsModule(app, {
    db,
    platform,
    sources: statsSources,
    rollupEveryMs: config.SWEEP_MS > 0 ? config.STATS_ROLLUP_MS : 0,
    settings: {
      lookbackHours: config.STATS_LOOKBACK_HOURS,
      backfillDays: config.STATS_BACKFILL_DAYS,
      rawRetentionDays: config.STATS_RAW_RETENTION_DAYS,
    },
  });
  app.decorate('stats', stats);
  await opsModule(app, {
    db,
    gateway,
    events,
    refunds,
    support,
    sessionEnds,
    pii: identity.pii,
    rates,
    bootstrapToken: opsToken(config),
    demoStaff,
    brokerOrders: { db, gateway, events: brokerEvents, refunds },
    withdrawals: withdrawals.review,
    cases,
    reconcilers,
    users,
    // freeze: staff freeze, unfreeze and take down listings; the proposals on them end through their modules.
    listings: { db, endOffers: offers.endProposalsOn, cancelAuction: auctions.cancelOn },
    stats,
    notices,
    contentLinkOrigins: config.CONTENT_LINK_ORIGINS,
  });
  couponModule(app, { platform, notices });
  // risk: the signals staff act on (the sweep leader raises them from the owning modules' facts).
  const risk = riskModule(app, { db, sweepEveryMs: config.SWEEP_MS });
  // What a cashier can pay: each purpose registers its adapter (the broker's and the bid book's below).
  const payables = new Payables();
  payables.register(orderPayable(orders.deliverPaid));
  payables.register(depositPayable(depositKeepers));
  // paypin: the balance asks the payment password; a closing account's password is erased with it.
  const payPin = app.payPassword.requirePayPassword;
  removal.onClose('pay-password', app.payPassword.erase);
  app.decorate(
    'payments',
    await paymentsModule(app, { platform, config, production, payables, removal, payPin, refunds, notices }),
  );
  for (const r of app.payments.refundReconcilers) reconcilers.register({ source: 'refunds', ...r });
  const market = await marketModule(app, {
    platform,
    gateway,
    games,
    catalogue: options.catalogue,
    sellerRecord: (userId) => sellerRecord(db, userId),
    redis: redis ? { client: redis, prefix: config.REDIS_PREFIX } : undefined,
  });
  const broker = brokerModule(app, {
    platform,
    gateway,
    events: brokerEvents,
    releaseHolds: (trx, id) => releasePayableHolds(trx, 'broker', id),
    refunds,
    sweepEveryMs: config.SWEEP_MS,
    removal,
  });
  payables.register(brokerPayable(broker.paid, broker.orderDeps));
  cases.register(brokerRefusedCases(broker.orderDeps));
  // The buy order book: its fills become the broker module's paid orders.
  const bidBook = bidBookModule(app, {
    platform,
    gateway,
    orders: broker.orderDeps,
    releaseHolds: (trx, id) => releasePayableHolds(trx, 'bid', id),
    sweepEveryMs: config.SWEEP_MS,
    removal,
  });
  payables.register(bidPayable);
  // The composition's seed (the demo market) runs on the synced games.
  const { seed } = options;
  const services: SeedServices = {
    db,
    gateway,
    log: app.log,
    auctions: auctions.deps,
    rollUpHistory: () => stats.backfill(),
  };
  app.decorate('prepareMarket', () => market.prepare(seed && (() => seed(services))));
  await trackingModule(app, { platform, partitionsEveryMs: config.SWEEP_MS > 0 ? 6 * 3_600_000 : 0 });
  if (providers)
    devModule(app, {
      platform,
      config,
      gateway,
      sms: sms.sms,
      providers,
      withdrawals,
      orders,
      offers,
      auctions,
      broker,
      bidBook,
      setPayPin: app.payPassword.setWithoutCode,
      refunds: app.payments.refunds,
      risk,
    });

  openApiRoute(app);
  // The home's banners go inside its page (decision 0082).
  await serveWeb(app, config.webDist, [homePageData(platform.db)]);
  return app;
}
