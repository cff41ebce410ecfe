import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { CallPlatform } from '../../platform/http/register-call';
import { type SandboxProviders, unavailableProviders } from '../../platform/identity-providers/identity-providers';
import type { IdentityHandle } from '../identity/identity.module';
import type { SmsDeps } from '../sms/sms.service';
import { accountRoutes } from './account.routes';
import { feedbackRoutes } from './feedback.routes';
import { loginRoutes } from './login.routes';
import { accountRemovalChecks, type RemovalFacts } from './removal-checks';
import { settingsRoutes } from './settings.routes';
import { thirdPartyLoginRoutes } from './third-party-login.routes';
import { knownUid } from './user.queries';
import { userRoutes } from './user.routes';

/**
 * The user: logins (SMS code, inside a game by phone, WeChat / QQ / carrier), the profile, settings, feedback, the account
 * (bind a phone, close it). An account closes only when nothing is in flight: each module answers
 * for what it holds of the user (`removal`, through its own service).
 */
export function userModule(
  app: FastifyInstance,
  deps: {
    platform: CallPlatform;
    sms: SmsDeps;
    identity: Pick<IdentityHandle, 'status'>;
    /** The sandbox's third-party logins; null (production) refuses every such credential. */
    providers: SandboxProviders | null;
    removal: RemovalFacts;
    config: Pick<Config, 'SESSION_TTL_DAYS' | 'CUSTOMER_SERVICE_URL'>;
  },
): void {
  const { platform, sms, config } = deps;
  // A session names its user by id; the 唯一码 is this module's (platform/auth asks it here). A
  // 唯一码 never changes (a closed account keeps it), so the process remembers the ones it read.
  platform.uidOf = (userId) => knownUid(platform.db, userId);
  const removalChecks = accountRemovalChecks(deps.removal);
  loginRoutes(app, platform, { ...sms, sessionTtlDays: config.SESSION_TTL_DAYS, removalChecks });
  userRoutes(app, platform, deps.identity.status);
  thirdPartyLoginRoutes(app, platform, deps.providers ?? unavailableProviders(), config.SESSION_TTL_DAYS);
  settingsRoutes(app, platform);
  feedbackRoutes(app, platform, config.CUSTOMER_SERVICE_URL);
  accountRoutes(app, platform, sms, removalChecks);
}
