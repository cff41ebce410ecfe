import type { Kysely } from 'kysely';
import type { AuctionTables } from './modules/auction/auction.tables';
import type { BargainTables } from './modules/bargain/bargain.tables';
import type { BidBookTables } from './modules/bid-book/bid-book.tables';
import type { BrokerTables } from './modules/broker/broker.tables';
import type { ConsignmentTables } from './modules/consignment/consignment.tables';
import type { CouponTables } from './modules/coupon/coupon.tables';
import type { DepositsTables } from './modules/deposits/deposits.tables';
import type { ExchangeTables } from './modules/exchange/exchange.tables';
import type { IdentityTables } from './modules/identity/identity.tables';
import type { ImTables } from './modules/im/im.tables';
import type { LedgerTables } from './modules/ledger/ledger.tables';
import type { MarketTables } from './modules/market/market.tables';
import type { NoticesTables } from './modules/notices/notices.tables';
import type { OpsTables } from './modules/ops/ops.tables';
import type { OrdersTables } from './modules/orders/orders.tables';
import type { PayPasswordTables } from './modules/pay-password/pay-password.tables';
import type { PaymentsTables } from './modules/payments/payments.tables';
import type { SmsTables } from './modules/sms/sms.tables';
import type { StatsTables } from './modules/stats/stats.tables';
import type { SupportTables } from './modules/support/support.tables';
import type { TrackingTables } from './modules/tracking/tracking.tables';
import type { UserTables } from './modules/user/user.tables';
import type { WithdrawalTables } from './modules/withdrawal/withdrawal.tables';
import type { PlatformTables } from './platform/db/platform.tables';

/**
 * Every table of the database: the composition of each module's `<module>.tables.ts`, beside app.ts
 * because only the composition (and the tests, which check the database) may see them all. The
 * platform and the modules hold the opaque `DbHandle` (platform/db/handle.ts); a module narrows it
 * to its own tables and calls another module's functions for the rest (decision 0016, decision
 * 0046). The migrations are SQL text and need no table types.
 */
export interface Database
  extends PlatformTables,
    UserTables,
    ExchangeTables,
    MarketTables,
    SmsTables,
    IdentityTables,
    ConsignmentTables,
    TrackingTables,
    StatsTables,
    LedgerTables,
    OrdersTables,
    BargainTables,
    PaymentsTables,
    WithdrawalTables,
    CouponTables,
    OpsTables,
    ImTables,
    NoticesTables,
    SupportTables,
    DepositsTables,
    BrokerTables,
    AuctionTables,
    BidBookTables,
    PayPasswordTables {}

/** The whole database, typed: what the tests read and write directly. */
export type AppDb = Kysely<Database>;
