import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { CallPlatform } from '../../platform/http/register-call';
import type { LoginProviders } from '../../platform/identity-providers/configured-providers';
import type { IdentityHandle } from '../identity/identity.module';
import type { SmsDeps } from '../sms/sms.service';
import { accountRoutes } from './account.routes';
import { feedbackRoutes } from './feedback.routes';
import { loginRoutes } from './login.routes';
import { RemovalChecks, registerWalletChecks } from './removal-checks';
import { settingsRoutes } from './settings.routes';
import { thirdPartyLoginRoutes } from './third-party-login.routes';
import { knownUid } from './user.queries';
import { userRoutes } from './user.routes';
import { refuseBanned } from './user-ban';
import { type OrderNumbers, walletStatementRoutes } from './wallet-statement.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The account-removal checks every module registered (tests ask which modules did). */
    removalChecks: RemovalChecks;
  }
}

/**
 * The user: logins (SMS code, inside a game by phone, WeChat / QQ / carrier), the profile, settings,
 * feedback, the account (bind a phone, close it). An account closes only when nothing is in flight:
 * the module answers the removal checks (removal-checks.ts), where every module that can hold a
 * user's money or goods registers its own at composition; the wallet's (the ledger's balance) are
 * registered here.
 */
export function userModule(
  app: FastifyInstance,
  deps: {
    platform: CallPlatform;
    sms: SmsDeps;
    identity: Pick<IdentityHandle, 'status'>;
    /** The third-party logins offered (configured-providers.ts): real, sandbox, or none. */
    logins: LoginProviders;
    config: Pick<Config, 'SESSION_TTL_DAYS' | 'CUSTOMER_SERVICE_URL'>;
    /** Where the games' hosts keep what putFileToAliYun answers (feedback screenshots from the game view). */
    gameFiles: readonly string[];
    /** The statement's order numbers (orders' `orderNumbers`). */
    orderNumbers: OrderNumbers;
  },
): RemovalChecks {
  const { platform, sms, config } = deps;
  // A session names its user by id; the 唯一码 is this module's (platform/auth asks it here). A
  // 唯一码 never changes (a closed account keeps it), so the process remembers the ones it read.
  platform.uidOf = (userId) => knownUid(platform.db, userId);
  // A session a ban ended answers the ban (20111 with its reason), not 20118.
  platform.whyEnded = (userId) => refuseBanned(platform.db, userId);
  const removalChecks = new RemovalChecks();
  registerWalletChecks(removalChecks);
  app.decorate('removalChecks', removalChecks);
  loginRoutes(app, platform, { ...sms, sessionTtlDays: config.SESSION_TTL_DAYS, removalChecks });
  userRoutes(app, platform, deps.identity.status);
  walletStatementRoutes(app, platform, deps.orderNumbers);
  thirdPartyLoginRoutes(app, platform, deps.logins, config.SESSION_TTL_DAYS);
  settingsRoutes(app, platform);
  feedbackRoutes(app, platform, { customerServiceUrl: config.CUSTOMER_SERVICE_URL, gameFiles: deps.gameFiles });
  accountRoutes(app, platform, sms, removalChecks);
  return removalChecks;
}
