import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { createPiiCipher, type PiiCipher } from '../../platform/crypto/pii';
import type { CallPlatform } from '../../platform/http/register-call';
import { ensureSecret } from '../../platform/secrets';
import type { ObjectStorage } from '../../platform/storage/object-storage';
import { identityRoutes, uploadRoutes } from './identity.routes';
import { type IdentityDeps, type IdentityStatus, identityIs, identityStatus, realNameIs } from './identity.service';

/** What other modules ask of a user's identity (the real name and ID number never leave this module unmasked). */
export interface IdentityHandle {
  /** The cipher of personal data at rest (PII_KEY), shared with the modules that seal their own. */
  pii: PiiCipher;
  status: (userId: number) => Promise<IdentityStatus>;
  realNameIs: (userId: number, name: string) => Promise<boolean>;
  identityIs: (userId: number, name: string, idCard: string) => Promise<boolean>;
}

/** Real-name verification and the uploads it (and feedback) needs: the calls, and the handle above. */
export async function identityModule(
  app: FastifyInstance,
  deps: {
    platform: CallPlatform;
    storage: ObjectStorage;
    config: Pick<Config, 'PII_KEY'>;
    production: boolean;
    /** The user module's: a verified user's profile says so (in the verification's transaction). */
    markVerified: IdentityDeps['markVerified'];
  },
): Promise<IdentityHandle> {
  const { platform, storage } = deps;
  const identity: IdentityDeps = {
    db: platform.db,
    markVerified: deps.markVerified,
    pii: createPiiCipher(
      await ensureSecret(platform.db, 'piiKey', deps.config.PII_KEY, {
        production: deps.production,
        variable: 'PII_KEY',
      }),
    ),
  };
  uploadRoutes(app, platform, storage);
  identityRoutes(app, platform, { ...identity, storage });
  return {
    pii: identity.pii,
    status: (userId) => identityStatus(identity, userId),
    realNameIs: (userId, name) => realNameIs(identity, userId, name),
    identityIs: (userId, name, idCard) => identityIs(identity, userId, name, idCard),
  };
}
