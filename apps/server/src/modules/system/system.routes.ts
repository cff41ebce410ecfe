import { checkVersion, clientConfig } from '@app/protocol/calls/system';
import { shiftEnvForGray } from '@app/protocol/platform';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { cachedMaintenance, getMinPreAppVersion } from './system.service';

export const LATEST_APP_VERSION = '1.4.2';

/** Who may pass while maintenance is on: a signed-in gray user (the 灰度 list, not the X-Env header alone). */
export type PassesMaintenance = (userId: number) => Promise<boolean>;

export function systemRoutes(
  app: FastifyInstance,
  platform: CallPlatform,
  config: Config,
  passesMaintenance: PassesMaintenance,
): void {
  registerCall(app, platform, clientConfig, (input, ctx) => {
    const ring = platform.keyRing();
    return {
      env: shiftEnvForGray(config.APP_ENV, ctx.gray),
      gray: ctx.gray,
      rsaPublicKey: ring.current.publicKeyPem,
      signSecret: ring.signSecrets[input.source],
      keyId: ring.current.keyId,
      trackingAppId: `market-${input.source.toLowerCase()}`,
      trackingSecret: ring.signSecrets[input.source],
      payLandingBase: config.APP_ENV === 'production' ? (config.PRE_BASE_URL ?? '').replace(/\/$/, '') : '',
    };
  });

  const maintenanceNow = cachedMaintenance(platform.db, config.APP_ENV === 'production' ? 1000 : 0);
  registerCall(app, platform, checkVersion, async (_input, ctx) => {
    const maintenance = await maintenanceNow();
    const passes = maintenance.updating === 1 && ctx.user !== null && (await passesMaintenance(ctx.user.userId));
    return {
      updating: passes ? 0 : maintenance.updating,
      maintenanceMessage: maintenance.message,
      maintenanceEndsAt: maintenance.endsAt,
      minPreAppVersion: await getMinPreAppVersion(platform.db),
      env: shiftEnvForGray(config.APP_ENV, ctx.gray),
      gray: ctx.gray,
      latestVersion: LATEST_APP_VERSION,
    };
  });
}
