import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { CallPlatform } from '../../platform/http/register-call';
import type { RateStore } from '../../platform/rate/rate-store';
import { ensureSecret } from '../../platform/secrets';
import { smsProviderOf } from '../../platform/sms/sms-driver';
import { smsRoutes } from './sms.routes';
import type { SmsDeps } from './sms.service';

/**
 * SMS codes: the send call, and what every module that checks a code needs (the returned SmsDeps:
 * the provider of SMS_DRIVER, the limits, the key the stored codes are hashed with).
 */
export async function smsModule(
  app: FastifyInstance,
  deps: {
    platform: CallPlatform;
    rates: RateStore;
    config: Config;
    production: boolean;
    /** The user's bound phone (the user module's): where a logged-in user's codes go. */
    phoneOf: (userId: number) => Promise<string | null>;
  },
): Promise<SmsDeps> {
  const { config } = deps;
  const sms: SmsDeps = {
    db: deps.platform.db,
    rates: deps.rates,
    sms: smsProviderOf(config, (line) => app.log.info(line)),
    addressCaps: { hour: config.SMS_PER_ADDRESS_HOUR, day: config.SMS_PER_ADDRESS_DAY },
    hashSecret: await ensureSecret(deps.platform.db, 'smsCodeHash', config.SMS_CODE_SECRET, {
      production: deps.production,
      variable: 'SMS_CODE_SECRET',
    }),
  };
  smsRoutes(app, deps.platform, sms, deps.phoneOf);
  return sms;
}
