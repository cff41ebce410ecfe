import * as m0001 from './0001-foundation';
import * as m0002 from './0002-commodities';
import * as m0003 from './0003-sms-codes';
import * as m0004 from './0004-identities';
import * as m0005 from './0005-user-settings';
import * as m0006 from './0006-sale-lock';
import * as m0007 from './0007-user-identities';
import * as m0008 from './0008-consignment-keys';
import * as m0009 from './0009-identity-last-login';
import * as m0010 from './0010-role-screenshots';
import * as m0011 from './0011-tracking-events';
import * as m0012 from './0012-market';
import * as m0013 from './0013-selling';
import * as m0014 from './0014-manual-presale';
import * as m0015 from './0015-ledger';
import * as m0016 from './0016-orders';
import * as m0017 from './0017-payments';
import * as m0018 from './0018-delivery';
import * as m0019 from './0019-withdrawals';
import * as m0020 from './0020-coupons';
import * as m0021 from './0021-offers';
import * as m0022 from './0022-order-reclaim';
import * as m0024 from './0024-staff';
import * as m0026 from './0026-im';
import * as m0027 from './0027-order-payment-started';
import * as m0028 from './0028-notices';
import * as m0029 from './0029-support';
import * as m0030 from './0030-listing-price-drop';
import * as m0031 from './0031-order-role-name';
import * as m0032 from './0032-deposits';
import * as m0033 from './0033-auctions';
import * as m0034 from './0034-pre-buy-keys';
import * as m0035 from './0035-broker';
import * as m0036 from './0036-broker-orders';
import * as m0037 from './0037-broker-service-ratings';
import * as m0038 from './0038-bid-book';
import * as m0039 from './0039-bid-funding';
import * as m0040 from './0040-order-ids';
import * as m0041 from './0041-broker-trade-delivery';
import * as m0042 from './0042-broker-trade-stuck';
import * as m0043 from './0043-broker-collects';
import * as m0044 from './0044-im-message-ref';
import * as m0045 from './0045-game-auth-type';
import * as m0046 from './0046-merchant-left';
import * as m0047 from './0047-payable-purpose-ref';
import * as m0048 from './0048-payouts-states';
import * as m0049 from './0049-realname-checks';
import * as m0050 from './0050-wallet-statement';
import * as m0051 from './0051-wallet-pay-password';
import * as m0052 from './0052-finance-role';
import * as m0053 from './0053-refunds-original-channel';
import * as m0054 from './0054-opsusers-user-bans';
import * as m0055 from './0055-stats-rollups';
import * as m0056 from './0056-freeze-listing-freezes';
import * as m0057 from './0057-indices-price-bins';
import * as m0058 from './0058-gamerules-game-ops-edited';
import * as m0059 from './0059-coupon-campaigns';
import * as m0060 from './0060-risk-signals';
import * as m0061 from './0061-tracking-events-monthly';
import * as m0062 from './0062-content-versions-feedback-replies';
import * as m0063 from './0063-agreement-versions';
import * as m0064 from './0064-user-agreements';
import * as m0065 from './0065-broker-order-ids';

/** Migrations in order; a name once shipped never changes. */
export const migrations: Record<string, { up: readonly string[] }> = {
  '0001-foundation': m0001,
  '0002-commodities': m0002,
  '0003-sms-codes': m0003,
  '0004-identities': m0004,
  '0005-user-settings': m0005,
  '0006-sale-lock': m0006,
  '0007-user-identities': m0007,
  '0008-consignment-keys': m0008,
  '0009-identity-last-login': m0009,
  '0010-role-screenshots': m0010,
  '0011-tracking-events': m0011,
  '0012-market': m0012,
  '0013-selling': m0013,
  '0014-manual-presale': m0014,
  '0015-ledger': m0015,
  '0016-orders': m0016,
  '0017-payments': m0017,
  '0018-delivery': m0018,
  '0019-withdrawals': m0019,
  '0020-coupons': m0020,
  '0021-offers': m0021,
  '0022-order-reclaim': m0022,
  '0024-staff': m0024,
  '0026-im': m0026,
  '0027-order-payment-started': m0027,
  '0028-notices': m0028,
  '0029-support': m0029,
  '0030-listing-price-drop': m0030,
  '0031-order-role-name': m0031,
  '0032-deposits': m0032,
  '0033-auctions': m0033,
  '0034-pre-buy-keys': m0034,
  '0035-broker': m0035,
  '0036-broker-orders': m0036,
  '0037-broker-service-ratings': m0037,
  '0038-bid-book': m0038,
  '0039-bid-funding': m0039,
  '0040-order-ids': m0040,
  '0041-broker-trade-delivery': m0041,
  '0042-broker-trade-stuck': m0042,
  '0043-broker-collects': m0043,
  '0044-im-message-ref': m0044,
  '0045-game-auth-type': m0045,
  '0046-merchant-left': m0046,
  '0047-payable-purpose-ref': m0047,
  '0048-payouts-states': m0048,
  '0049-realname-checks': m0049,
  '0050-wallet-statement': m0050,
  '0051-wallet-pay-password': m0051,
  '0052-finance-role': m0052,
  '0053-refunds-original-channel': m0053,
  '0054-opsusers-user-bans': m0054,
  '0055-stats-rollups': m0055,
  '0056-freeze-listing-freezes': m0056,
  '0057-indices-price-bins': m0057,
  '0058-gamerules-game-ops-edited': m0058,
  '0059-coupon-campaigns': m0059,
  '0060-risk-signals': m0060,
  '0061-tracking-events-monthly': m0061,
  '0062-content-versions-feedback-replies': m0062,
  '0063-agreement-versions': m0063,
  '0064-user-agreements': m0064,
  '0065-broker-order-ids': m0065,
};
