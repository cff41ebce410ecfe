import path from 'node:path';
import { z } from 'zod';

/** Every setting the server reads, checked once at boot (README lists them). */
const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  APP_ENV: z.enum(['development', 'local', 'pre', 'production']).default('local'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  /** Prefix of every Redis key, so deployments (and test runs) sharing a Redis do not collide. */
  REDIS_PREFIX: z.string().max(40).default('mk:'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT: z.coerce.number().int().min(1024).default(1_048_576),
  WEB_DIST: z.string().optional(),
  /** PEM of the codec's RSA-1024 private key; generated and kept in the database when absent. */
  RSA_PRIVATE_KEY: z.string().optional(),
  /** Seconds a retired codec key is still accepted after rotation. */
  KEY_GRACE_SECONDS: z.coerce.number().int().min(0).default(86_400),
  /** The external work-chat link of customer service (platform-shell §1). */
  CUSTOMER_SERVICE_URL: z.string().url().default('https://work.weixin.qq.com/kfid/kfc-demo-marketplace'),
  /** 64 hex chars: the AES-256 key of personal data at rest; generated into the database when absent. */
  PII_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i)
    .optional(),
  /** local (a folder, URLs signed by the server) or s3 (any S3-compatible store, SigV4 presigned). */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_VIRTUAL_HOSTED: z
    .enum(['0', '1'])
    .default('0')
    .transform((v) => v === '1'),
  /** Folder of the local storage driver (default DATA_DIR/uploads). */
  UPLOAD_DIR: z.string().optional(),
  /** Origin put in front of URLs the server hands out (uploads); empty = same origin, relative URLs. */
  PUBLIC_BASE_URL: z.string().url().optional(),
  /** Runs the demo game under /demo-game and trades its items (0 turns it off). */
  DEMO_GAME: z
    .enum(['0', '1'])
    .default('1')
    .transform((v) => v === '1'),
  /** Seeds the demo market (listings frozen in the demo games, history, banners) on a fresh start. */
  DEMO_MARKET: z
    .enum(['0', '1'])
    .default('1')
    .transform((v) => v === '1'),
  /** How often expired, stuck or abandoned listings are swept (ms; 0 turns the timer off). */
  SWEEP_MS: z.coerce.number().int().min(0).default(30_000),
  /** The pre environment's origin: gray users in production land there after paying (business-flows §9). */
  PRE_BASE_URL: z.string().url().optional(),
  /** Alipay (channels 1, 4, 5): without these, payments go through the sandbox gateway. */
  ALIPAY_APP_ID: z.string().optional(),
  ALIPAY_PRIVATE_KEY: z.string().optional(),
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_SELLER_ID: z.string().optional(),
  ALIPAY_GATEWAY: z.string().url().optional(),
  /** WeChat Pay API v3 (channels 2, 6): without these, the sandbox gateway. */
  WECHAT_MCH_ID: z.string().optional(),
  WECHAT_APP_ID: z.string().optional(),
  WECHAT_SERIAL_NO: z.string().optional(),
  WECHAT_PRIVATE_KEY: z.string().optional(),
  WECHAT_PLATFORM_PUBLIC_KEY: z.string().optional(),
  WECHAT_API_V3_KEY: z.string().length(32).optional(),
  /** Seconds a withdrawal waits for review before the payout provider pays it (the embedded default reviews itself). */
  WITHDRAW_REVIEW_SECONDS: z.coerce.number().int().min(0).default(30),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Test hook (ignored in production): payment-commit = the process SIGKILLs itself between a committed payment and its delivery. */
  FAULT_KILL_AFTER: z.enum(['payment-commit']).optional(),
  /**
   * The customer-service console's key (/ops, its API under /ops/v1). Outside production it
   * defaults to demo-ops; in production the console exists only when this is set (16+ chars).
   */
  OPS_TOKEN: z.string().min(8).optional(),
  VALIDATE_RESPONSES: z
    .enum(['0', '1'])
    .optional()
    .transform((v) => v === '1'),
});

export type Config = z.output<typeof configSchema> & { dataDir: string; webDist: string };

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.STORAGE_DRIVER === 's3' && !(c.S3_ENDPOINT && c.S3_BUCKET && c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY)) {
    throw new Error(
      'Invalid configuration:\nSTORAGE_DRIVER=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    );
  }
  if (c.APP_ENV === 'production' && c.OPS_TOKEN && c.OPS_TOKEN.length < 16)
    throw new Error('Invalid configuration:\nOPS_TOKEN must have 16 characters or more in production');
  const here = path.dirname(new URL(import.meta.url).pathname);
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    webDist: path.resolve(c.WEB_DIST ?? path.join(here, '../../web/dist')),
  };
}

/** The customer-service console's key, or null when the console is off (production without OPS_TOKEN). */
export function opsToken(config: Pick<Config, 'APP_ENV' | 'OPS_TOKEN'>): string | null {
  return config.OPS_TOKEN ?? (config.APP_ENV === 'production' ? null : 'demo-ops');
}

export function testHooksEnabled(config: Pick<Config, 'APP_ENV'>): boolean {
  return config.APP_ENV !== 'production';
}
