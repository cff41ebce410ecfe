import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { createPiiCipher, type PiiCipher } from '../../platform/crypto/pii';
import type { CallPlatform } from '../../platform/http/register-call';
import type { RateStore } from '../../platform/rate/rate-store';
import { ensureSecret } from '../../platform/secrets';
import type { ObjectStorage } from '../../platform/storage/object-storage';
import { identityRoutes, uploadRoutes } from './identity.routes';
import {
  type AskGameRegistration,
  GAME_REGISTRATION_MISMATCH,
  type GameRegistration,
  type IdentityDeps,
  type IdentityStatus,
  identityIs,
  identityStatus,
  realNameIs,
  realNameMatches,
} from './identity.service';
import { realNameProviderOf } from './real-name/real-name-driver';
import type { RealNameProvider } from './real-name/real-name-provider';

/** What other modules ask of a user's identity (the real name and ID number never leave this module unmasked). */
export interface IdentityHandle {
  /** The cipher of personal data at rest (PII_KEY), shared with the modules that seal their own. */
  pii: PiiCipher;
  status: (userId: number) => Promise<IdentityStatus>;
  realNameIs: (userId: number, name: string) => Promise<boolean>;
  /** Whether a game account's 实名登记 is the user's verified person (the payout helper's and publishing's check). */
  realNameMatches: (userId: number, account: { gameId: string; accountId: string }) => Promise<GameRegistration>;
  /** Why the user may not trade from this game account (its registration is another person), or null. */
  gameAccountRefusal: (userId: number, account: { gameId: string; accountId: string }) => Promise<string | null>;
  identityIs: (userId: number, name: string, idCard: string) => Promise<boolean>;
}

/** Real-name verification and the uploads it (and feedback) needs: the calls, and the handle above. */
export async function identityModule(
  app: FastifyInstance,
  deps: {
    platform: CallPlatform;
    storage: ObjectStorage;
    rates: RateStore;
    config: Pick<Config, 'PII_KEY' | 'PUBLIC_BASE_URL' | 'REALNAME_PER_USER_DAY' | 'REALNAME_PER_ADDRESS_DAY'> &
      Parameters<typeof realNameProviderOf>[0];
    production: boolean;
    /** The games module's question to a game about an account's 实名登记. */
    askGame: AskGameRegistration;
    /** Tests hand a provider of their own; otherwise the configured one. */
    provider?: RealNameProvider;
    /** The user module's: a verified user's profile says so (in the verification's transaction). */
    markVerified: IdentityDeps['markVerified'];
  },
): Promise<IdentityHandle> {
  const { platform, storage } = deps;
  const identity: IdentityDeps = {
    db: platform.db,
    markVerified: deps.markVerified,
    provider: deps.provider ?? realNameProviderOf(deps.config, deps.production),
    rates: deps.rates,
    limits: { perUserDay: deps.config.REALNAME_PER_USER_DAY, perAddressDay: deps.config.REALNAME_PER_ADDRESS_DAY },
    log: app.log,
    pii: createPiiCipher(
      await ensureSecret(platform.db, 'piiKey', deps.config.PII_KEY, {
        production: deps.production,
        variable: 'PII_KEY',
      }),
    ),
  };
  uploadRoutes(app, platform, storage);
  identityRoutes(app, platform, { ...identity, storage, publicBaseUrl: deps.config.PUBLIC_BASE_URL });
  return {
    pii: identity.pii,
    status: (userId) => identityStatus(identity, userId),
    realNameIs: (userId, name) => realNameIs(identity, userId, name),
    realNameMatches: (userId, account) => realNameMatches(identity, deps.askGame, userId, account),
    gameAccountRefusal: async (userId, account) =>
      (await realNameMatches(identity, deps.askGame, userId, account)) === 'mismatch'
        ? GAME_REGISTRATION_MISMATCH
        : null,
    identityIs: (userId, name, idCard) => identityIs(identity, userId, name, idCard),
  };
}
