import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { CallPlatform } from '../../platform/http/register-call';
import { type PassesMaintenance, systemRoutes } from './system.routes';

/** The client's bootstrap: its configuration (keys, environment, maintenance) and the version check. */
export function systemModule(
  app: FastifyInstance,
  deps: { platform: CallPlatform; config: Config; passesMaintenance: PassesMaintenance },
): void {
  systemRoutes(app, deps.platform, deps.config, deps.passesMaintenance);
}
