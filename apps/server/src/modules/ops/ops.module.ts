import type { FastifyInstance } from 'fastify';
import type { PiiCipher } from '../../platform/crypto/pii';
import { isAppError } from '../../platform/errors';
import type { RateStore } from '../../platform/rate/rate-store';
import type { BrokerOrderDeps } from '../broker/broker-order.queries';
import type { RefusedCases } from '../casework/refused-cases';
import type { NoticesHandle } from '../notices/notices.module';
import type { OrderDeps } from '../orders/order.service';
import type { StatsHandle } from '../stats/stats.module';
import type { SupportDeps } from '../support/support.service';
import type { WithdrawalReview } from '../withdrawal/withdrawal.module';
import { opsRoutes } from './ops.routes';
import { opsBrokerConfigRoutes } from './ops-broker-configs.routes';
import { opsBrokerOrderRoutes } from './ops-broker-orders.routes';
import { opsCaseRoutes } from './ops-cases';
import { opsContentRoutes } from './ops-content.routes';
import { opsCouponRoutes } from './ops-coupons.routes';
import { opsGameRoutes } from './ops-games.routes';
import { opsHttpStatus, requireAccess } from './ops-http';
import type { OpsListingsDeps } from './ops-listings';
import { opsListingRoutes } from './ops-listings.routes';
import { opsMerchantRoutes } from './ops-merchants.routes';
import { opsMoneyRoutes } from './ops-money.routes';
import { opsRiskRoutes } from './ops-risk.routes';
import { opsStatsRoutes } from './ops-stats.routes';
import { opsSupportRoutes } from './ops-support.routes';
import type { OpsUsersDeps } from './ops-users';
import { opsUserRoutes } from './ops-users.routes';
import type { Reconcilers } from './reconcilers';
import { sessionRoutes } from './session.routes';
import { staffRoutes } from './staff.routes';
import { seedDemoStaff } from './staff.service';
import { requireStaff, type StaffSessionEnds } from './staff-sessions';

export interface OpsDeps extends OrderDeps {
  pii: PiiCipher;
  /** The shared login counters (memory, or Redis with REDIS_URL). */
  rates: RateStore;
  /** OPS_TOKEN: opens only POST /ops/v1/bootstrap, and only while no admin exists. */
  bootstrapToken: string | null;
  /** Outside production: seed the demo accounts (ops-admin, ops-operator, ops-cs) on an empty staff table. */
  demoStaff: boolean;
  /** Customer service in the order chat (the workbench acts through it). */
  support: SupportDeps;
  /** Told when a staff member's sessions end or his role changes (his chat logins end with them). */
  sessionEnds: StaffSessionEnds;
  /** The broker orders customer service joins (their chat) and reads (the workbench). */
  brokerOrders?: BrokerOrderDeps;
  /** Every domain's refused cases (拒绝收货 and its kin): each registers its adapter at composition. */
  cases: RefusedCases;
  /** Staff's review of withdrawals above the threshold (the withdrawal module's). */
  withdrawals?: WithdrawalReview;
  /** The daily reconciliation's sources (payouts and refunds; payments register theirs). */
  reconcilers?: Reconcilers;
  /** 查找 (every module's finders) and the users' pages and actions. */
  users?: OpsUsersDeps;
  /** 冻结 / 解冻 / 下架 of a listing (the exchange moves it; bargain and auction end its proposals). */
  listings?: OpsListingsDeps;
  /** 数据: the statistics module's dashboard (its routes mount when handed in). */
  stats?: StatsHandle;
  /** 优惠券: granted users are told by a notice (and 意见反馈's replies reach them as one). */
  notices?: NoticesHandle;
  /** 内容: CONTENT_LINK_ORIGINS, the http(s) origins a slot's link or picture may point at. */
  contentLinkOrigins?: readonly string[];
}

/**
 * The customer-service console's API under /ops/v1 (plain JSON in the envelope, not the client
 * protocol; decision 0013): staff log in with their own account and act under their role; every
 * route says who may call it (`config.access`), checked before the body is read.
 */
export async function opsModule(app: FastifyInstance, deps: OpsDeps): Promise<void> {
  if (deps.demoStaff) await seedDemoStaff(deps.db);
  app.register(
    async (ops) => {
      ops.addHook('onRequest', async (request) => {
        const access = request.routeOptions.config.access ?? 'signedIn';
        if (access === 'public') return;
        request.staff = await requireStaff(deps.db, request.headers.authorization);
        requireAccess(request.staff, access);
      });
      ops.setErrorHandler((error, _request, reply) => {
        // The console's refusals: the usual envelope, with an HTTP status that says what they are.
        if (isAppError(error))
          return reply
            .status(opsHttpStatus[error.code] ?? 200)
            .send({ code: error.code, msg: error.message, data: error.data });
        throw error;
      });
      sessionRoutes(ops, deps);
      staffRoutes(ops, deps);
      opsRoutes(ops, deps);
      opsSupportRoutes(ops, deps);
      opsMerchantRoutes(ops, deps);
      opsBrokerConfigRoutes(ops, deps);
      opsCaseRoutes(ops, deps);
      opsBrokerOrderRoutes(ops, deps);
      opsMoneyRoutes(ops, deps);
      opsUserRoutes(ops, deps);
      opsListingRoutes(ops, deps);
      opsGameRoutes(ops, deps);
      opsCouponRoutes(ops, deps);
      opsRiskRoutes(ops, deps);
      opsContentRoutes(ops, { ...deps, contentLinkOrigins: deps.contentLinkOrigins ?? [] });
      if (deps.stats) opsStatsRoutes(ops, { ...deps, stats: deps.stats });
    },
    { prefix: '/ops/v1' },
  );
}
