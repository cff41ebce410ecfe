import { z } from 'zod';
import { defineCall } from '../contract';
import { CLIENT_SOURCES, type ClientSource } from '../platform';

export const clientSourceSchema = z.enum(CLIENT_SOURCES);

const environmentSchema = z.enum(['development', 'local', 'pre', 'production']);

export type { ClientSource };

export const clientConfig = defineCall({
  service: 'system',
  call: 'clientConfig',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  plain: true,
  summary: 'Bootstrap: environment, gray flag and the codec keys for one client source',
  request: z.object({ source: clientSourceSchema }),
  response: z.object({
    env: environmentSchema,
    gray: z.boolean(),
    rsaPublicKey: z.string(),
    signSecret: z.string(),
    keyId: z.string(),
    /** The statistics service's app id and secret for this source (/v1/event, /v1/events). */
    trackingAppId: z.string(),
    trackingSecret: z.string(),
    /** Production only: where gray users land after paying (the pre environment), else ''. */
    payLandingBase: z.string().default(''),
  }),
});

export const checkVersion = defineCall({
  service: 'system',
  call: 'checkVersion',
  version: 1,
  access: 'pb',
  method: 'POST',
  scene: 'app',
  summary:
    'Maintenance check: updating=1 sends every client to the under-maintenance page (a signed-in gray user gets 0)',
  request: z.object({
    appVersion: z.string().max(32).optional(),
    platform: z.string().max(32).optional(),
  }),
  response: z.object({
    updating: z.union([z.literal(0), z.literal(1)]),
    maintenanceMessage: z.string(),
    /** When the operator expects maintenance to end (ms), or null. */
    maintenanceEndsAt: z.number().nullable().default(null),
    /** The redownload state's gate: the Android app on pre below this version is told to download the latest. */
    minPreAppVersion: z.string().default('3.0.0'),
    env: environmentSchema,
    gray: z.boolean(),
    latestVersion: z.string(),
  }),
});
