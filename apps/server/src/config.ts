import fs from 'node:fs';
import path from 'node:path';
import { AuthType } from '@app/protocol/auth-type';
import { z } from 'zod';

const GAMES_EXAMPLE =
  'a JSON array like [{"gameId":"my-game","name":"我的游戏","baseUrl":"https://…/partner/v1","secret":"…"}]';
/** One external game of GAMES. */
const partnerGameSchema = z.strictObject({
  gameId: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, { error: 'gameId: 1-40 letters, digits, - or _' }),
  name: z.string().min(1).max(40),
  baseUrl: z.string().regex(/^https?:\/\/\S+$/, { error: 'baseUrl: the http(s) URL of the partner API' }),
  secret: z.string().min(16, { error: 'secret: 16 characters or more' }),
  iconUrl: z.string().max(500).default(''),
  crossServer: z.boolean().default(false),
  /** The real-name dialog the game asks for (decision 0034): 1 switchable, 2 ID photos, 3 name and number. */
  authType: z
    .union([z.literal(AuthType.SWITCHABLE), z.literal(AuthType.PHOTOS), z.literal(AuthType.NUMBER)], {
      error: 'authType: 1 (switchable), 2 (ID photos) or 3 (name and number)',
    })
    .default(AuthType.SWITCHABLE),
  /**
   * Where the game's host keeps the files its putFileToAliYun answers (docs/host-bridge.md), e.g.
   * https://files.game.example/uploads/: a feedback screenshot under it is taken as the player's.
   */
  filesUrl: z
    .string()
    .regex(/^https:\/\/[^\s?#]+\/$/, { error: 'filesUrl: an https URL ending in /' })
    .optional(),
});

// backups:
/**
 * The backups (docs/backups.md): where they go, how many of a kind are kept, and the embedded
 * database's own schedule. Read by the server and by `npm run backup` / `npm run restore`.
 */
export const backupSettings = z.object({
  /** The folder of the backup files and their .sha256 (relative to the working directory). */
  BACKUP_DIR: z.string().default('./backups'),
  /** The newest N backups of a kind are kept; older ones (and their checksums) are removed. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /**
   * PGlite only: the server dumps its database every N minutes (0: only on demand, through
   * `npm run backup`, which asks the running server). PostgreSQL's schedule is the operator's cron.
   */
  BACKUP_EVERY_MINUTES: z.coerce.number().int().min(0).max(10_080).default(0),
  /**
   * PostgreSQL only: the folder of pg_dump and pg_restore when those on PATH are older than the
   * server (Debian: /usr/lib/postgresql/<major>/bin); unset, PATH's.
   */
  BACKUP_PG_BIN: z.string().optional(),
});

/** Every setting the server reads, checked once at boot (README lists them). */
const configSchema = z.object({
  ...backupSettings.shape,
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  APP_ENV: z.enum(['development', 'local', 'pre', 'production']).default('local'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  /** Prefix of every Redis key, so deployments (and test runs) sharing a Redis do not collide. */
  REDIS_PREFIX: z.string().max(40).default('mk:'),
  /** This process's name among many behind a balancer: every answer names it (X-Node). */
  NODE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,40}$/, { error: '1-40 letters, digits, -, _ or .' })
    .optional(),
  // metrics:
  /**
   * Who may read /metrics: the bearer of this token (Prometheus' `authorization` of a scrape job).
   * Unset: only a scraper on this machine, reaching the process directly (not through the balancer).
   */
  METRICS_TOKEN: z.string().min(16, { error: 'at least 16 characters' }).optional(),
  /** off: no request or statement is measured and /metrics is not served (the bench's baseline, decision 0054). */
  METRICS: z.enum(['on', 'off']).default('on'),
  // traces:
  /**
   * The OTLP/HTTP collector traces go to (`<endpoint>/v1/traces`, the OpenTelemetry variable of
   * that name); unset: tracing is off, no span is made (decision 0060). The exporter itself also
   * reads OTEL_EXPORTER_OTLP_HEADERS (a collector's key) and OTEL_EXPORTER_OTLP_TIMEOUT.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^\s/?#]+(?:\/[^\s?#]*)?$/, {
      error: 'the http(s) URL of an OTLP/HTTP collector, without query',
    })
    .optional(),
  /** The service.name of every span (one deployment's processes share it; NODE_NAME, the spans' service.instance.id, tells them apart). */
  OTEL_SERVICE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,60}$/, { error: '1-60 letters, digits, -, _ or .' })
    .default('marketplace-server'),
  /** Share of requests traced, 0 to 1 (parent-based ratio sampling: a request's spans are kept or dropped together). */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1),
  // shedding:
  /**
   * Mean event-loop delay (ms, per sample) above which new requests get 503 系统繁忙 at once; 0:
   * never (decision 0055). Unset: 50 on PostgreSQL; never on PGlite, whose database runs in the
   * event loop (its queries are the delay: shedding would refuse the very requests being served).
   */
  SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).optional(),
  /** Share of the V8 heap's limit in use above which new requests get 503; 0: never. */
  SHED_HEAP_USED_RATIO: z.coerce.number().min(0).max(1).default(0.9),
  /** How often the process measures its event loop and heap for shedding (ms). */
  SHED_SAMPLE_MS: z.coerce.number().int().min(10).max(10_000).default(250),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Outside production: 1 = readable log lines (pino-pretty), 0 = JSON lines; unset = readable when
   * stdout is a terminal, JSON when piped. Production always writes JSON.
   */
  LOG_PRETTY: z.enum(['0', '1']).optional(),
  BODY_LIMIT: z.coerce.number().int().min(1024).default(1_048_576),
  WEB_DIST: z.string().optional(),
  /** PEM of the codec's RSA-1024 private key; generated and kept in the database when absent. */
  RSA_PRIVATE_KEY: z.string().optional(),
  /** Seconds a retired codec key is still accepted after rotation. */
  KEY_GRACE_SECONDS: z.coerce.number().int().min(0).default(86_400),
  /** A key ticket's life (PROTOCOL.md "Version 2 with a key ticket"); 0: no tickets issued. */
  KEY_TICKET_TTL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  /** Threads that open version-2 envelopes (the RSA unwrap; decision 0028): 0 opens them in the event loop. Default: one per core beyond the first, at most 4. */
  CODEC_WORKERS: z.coerce.number().int().min(0).max(16).optional(),
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
  /** Runs the demo games under /demo-game and trades their items: on by default, refused in production. */
  DEMO_GAME: z.enum(['0', '1']).optional(),
  /** Seeds the demo market (listings frozen in the demo games, history, banners) on a fresh start; refused in production. */
  DEMO_MARKET: z.enum(['0', '1']).optional(),
  /**
   * The partner games reached over HTTP (decision 0015), as JSON:
   * [{"gameId":"…","name":"…","baseUrl":"https://game.example/partner/v1","secret":"…"}] (optional
   * iconUrl, crossServer). baseUrl is the game's partner API base; secret signs both directions.
   */
  GAMES: z
    .string()
    .default('[]')
    .transform((v, ctx) => {
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: GAMES_EXAMPLE });
        return z.NEVER;
      }
    })
    .pipe(
      z
        .array(partnerGameSchema, { error: GAMES_EXAMPLE })
        .refine((games) => new Set(games.map((g) => g.gameId)).size === games.length, {
          error: 'each gameId once',
        }),
    ),
  /** One partner-API attempt's limit (ms) before it counts as no answer (decision 0073). */
  PARTNER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
  /** Further attempts after no answer, under the same requestId. */
  PARTNER_RETRIES: z.coerce.number().int().min(0).max(5).default(1),
  /** Calls in a row without an answer that open a game's circuit, and how long it stays open (ms). */
  PARTNER_BREAKER_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  PARTNER_BREAKER_OPEN_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** console (the log and /dev/sms/outbox; refused in production) or tencent (Tencent Cloud SMS); production's default is tencent. */
  SMS_DRIVER: z.enum(['console', 'tencent']).optional(),
  SMS_TENCENT_SECRET_ID: z.string().optional(),
  SMS_TENCENT_SECRET_KEY: z.string().optional(),
  /** The SMS application's SdkAppId (1400…). */
  SMS_TENCENT_SDK_APP_ID: z.string().optional(),
  /** The approved signature's text (签名内容), and the id of the approved code template with one parameter, the code. */
  SMS_SIGN_NAME: z.string().optional(),
  SMS_TEMPLATE_ID: z.string().optional(),
  SMS_REGION: z.string().default('ap-guangzhou'),
  /** The SMS API's origin (tests point it at a local fake); default https://sms.tencentcloudapi.com. */
  SMS_ENDPOINT: z.string().url().optional(),
  /** HMAC key of stored SMS codes (32+ chars); outside production generated into the database when absent. */
  SMS_CODE_SECRET: z.string().min(32).optional(),
  // wallet:
  /** The pepper of stored payment passwords (32+ chars, never in the database); outside production generated into it when absent. */
  PAY_PASSWORD_SECRET: z.string().min(32).optional(),
  /** Signs the local storage driver's URLs (32+ chars); outside production generated into the database when absent. */
  STORAGE_SIGNING_SECRET: z.string().min(32).optional(),
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
  // logins:
  /** WeChat Open Platform sign-in (网站应用 AppID and AppSecret); without both: the sandbox, none in production. */
  LOGIN_WX_APP_ID: z.string().optional(),
  LOGIN_WX_APP_SECRET: z.string().optional(),
  /** WeChat's API origin, https://api.weixin.qq.com by default (tests: a local fake). */
  LOGIN_WX_API: z.string().url().optional(),
  /** QQ Connect sign-in (QQ互联 APP ID and APP Key); without both: the sandbox, none in production. */
  LOGIN_QQ_APP_ID: z.string().optional(),
  LOGIN_QQ_APP_KEY: z.string().optional(),
  /** QQ Connect's origin, https://graph.qq.com by default (tests: a local fake). */
  LOGIN_QQ_API: z.string().url().optional(),
  /** Carrier one-click (Alibaba Cloud 号码认证 GetMobile): a RAM AccessKey allowed dypns:GetMobile. */
  LOGIN_ONE_CLICK_ACCESS_KEY_ID: z.string().optional(),
  LOGIN_ONE_CLICK_ACCESS_KEY_SECRET: z.string().optional(),
  /** 号码认证's origin, https://dypnsapi.aliyuncs.com by default (tests: a local fake). */
  LOGIN_ONE_CLICK_ENDPOINT: z.string().url().optional(),
  /** How long a sign-in provider may take to answer one request (ms). */
  LOGIN_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** Seconds a withdrawal waits for review before the payout provider pays it (the embedded default reviews itself). */
  WITHDRAW_REVIEW_SECONDS: z.coerce.number().int().min(0).default(30),
  // refunds:
  /** WeChat Pay's platform key id (Wechatpay-Serial): when set, refund answers and notifications must name it. */
  WECHAT_PLATFORM_SERIAL: z.string().optional(),
  /** WeChat Pay's API origin, https://api.mch.weixin.qq.com by default (tests: a local fake). */
  WECHAT_PAY_BASE_URL: z.string().url().optional(),
  /** How long one refund call to a gateway may take (ms) before its outcome counts as unknown (asked about later). */
  REFUND_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  // payouts:
  /**
   * The payout channels of withdrawals, comma-separated: alipay (单笔转账, on the ALIPAY_* keys),
   * wechat (商家转账 to the payee's 微信零钱, on the WECHAT_* keys and WECHAT_TRANSFER_SCENE_ID).
   * Unset: the sandbox for both, and in production no withdrawals (提现通道暂未开通).
   */
  PAYOUT_CHANNEL: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? [
            ...new Set(
              v
                .split(',')
                .map((c) => c.trim())
                .filter(Boolean),
            ),
          ]
        : [],
    )
    .pipe(z.array(z.enum(['alipay', 'wechat']))),
  // payouts-wechat:
  /** The 转账场景 approved for the merchant (e.g. 1005 佣金报酬); WeChat payouts need it. */
  WECHAT_TRANSFER_SCENE_ID: z
    .string()
    .regex(/^\d{4}$/)
    .optional(),
  /** Its 转账场景报备信息 (JSON [{info_type, info_content}]); 1005's two lines by default. */
  WECHAT_TRANSFER_SCENE_REPORT: z
    .string()
    .default(
      JSON.stringify([
        { info_type: '岗位类型', info_content: '游戏交易卖家' },
        { info_type: '报酬说明', info_content: '交易货款提现' },
      ]),
    )
    .transform((v, ctx) => {
      try {
        return z
          .array(z.object({ info_type: z.string().min(1), info_content: z.string().min(1) }))
          .parse(JSON.parse(v));
      } catch {
        ctx.addIssue({ code: 'custom', message: 'WECHAT_TRANSFER_SCENE_REPORT: JSON [{info_type, info_content}]' });
        return z.NEVER;
      }
    }),
  /**
   * The WeChat app (bound to the merchant) whose openids 商家转账 pays: by default the WeChat
   * sign-in's LOGIN_WX_APP_ID, the app whose openid each WeChat sign-in keeps.
   */
  WECHAT_PAYOUT_APP_ID: z.string().optional(),
  /** How long one call to the payout provider may take (ms) before its outcome counts as unknown. */
  PAYOUT_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** A payout above this many fen (and a user's first) waits for staff review; what one user may withdraw per day. */
  WITHDRAW_REVIEW_ABOVE_FEN: z.coerce.number().int().min(0).default(500_000),
  WITHDRAW_DAILY_FEN: z.coerce.number().int().min(1).default(10_000_000),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Test hook (ignored in production): payment-commit = the process SIGKILLs itself between a committed payment and its delivery. */
  FAULT_KILL_AFTER: z.enum(['payment-commit']).optional(),
  /**
   * Bootstraps the first admin of the customer-service console (POST /ops/v1/bootstrap) while no
   * admin exists, then opens nothing (decision 0013). Outside production it defaults to demo-ops;
   * in production it must have 16+ characters.
   */
  OPS_TOKEN: z.string().min(8).optional(),
  /**
   * Who may set the client's address (X-Forwarded-For): unset or 0 = nobody (clients reach the
   * server directly); a number = that many proxies in front; else the balancers' addresses/CIDRs,
   * comma-separated. Per-address limits (SMS, API) key on the address this yields.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(?:true|false|\d{1,2}|[0-9a-fA-F:.,/ ]+)$/, { error: 'a number of proxies or a list of addresses' })
    .optional()
    .transform((v): boolean | number | string => {
      if (v === undefined || v === 'false' || v === '0') return false;
      if (v === 'true') return true;
      return /^\d+$/.test(v) ? Number(v) : v;
    }),
  /** Origins of game host pages that may frame the marketplace's scenes, space- or comma-separated. */
  FRAME_ANCESTORS: z
    .string()
    .default('')
    .transform((v) => v.split(/[\s,]+/).filter(Boolean))
    .pipe(z.array(z.string().regex(/^https?:\/\/[^\s/]+$/, { error: 'origins like https://game.example.com' }))),
  /**
   * The http(s) origins a content slot's link or picture may point at (the console refuses any
   * other), space- or comma-separated; the site's own paths (`/…`) are always allowed.
   */
  CONTENT_LINK_ORIGINS: z
    .string()
    .default('')
    .transform((v) => v.split(/[\s,]+/).filter(Boolean))
    .pipe(z.array(z.string().regex(/^https?:\/\/[^\s/]+$/, { error: 'origins like https://activity.example.com' }))),
  /** SMS codes one address may ask for per hour and per day (every phone together): a NAT of many players needs more. */
  SMS_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).default(20),
  SMS_PER_ADDRESS_DAY: z.coerce.number().int().min(1).default(50),
  /** Calls per 10 s of one client (its session, else its address); 0 turns the limit off. */
  RATE_LIMIT_CLIENT_PER_10S: z.coerce.number().int().min(0).default(100),
  /** Calls per minute of one address, whoever calls; 0 turns the limit off. */
  RATE_LIMIT_ADDRESS_PER_MINUTE: z.coerce.number().int().min(0).default(1200),
  /** Statistics posts (/v1/event, /v1/events) per minute of one address; 0 turns the limit off. */
  RATE_LIMIT_EVENTS_PER_MINUTE: z.coerce.number().int().min(0).default(30),
  VALIDATE_RESPONSES: z
    .enum(['0', '1'])
    .optional()
    .transform((v) => v === '1'),
  // realname:
  /** sandbox (deterministic answers; refused in production) or tencent (faceid 二要素 + OCR); production's default is tencent. */
  REALNAME_DRIVER: z.enum(['sandbox', 'tencent']).optional(),
  REALNAME_TENCENT_SECRET_ID: z.string().optional(),
  REALNAME_TENCENT_SECRET_KEY: z.string().optional(),
  REALNAME_REGION: z.string().default('ap-guangzhou'),
  /** The faceid and OCR APIs' origins (tests point them at a local fake); default https://faceid|ocr.tencentcloudapi.com. */
  REALNAME_FACEID_ENDPOINT: z.string().url().optional(),
  REALNAME_OCR_ENDPOINT: z.string().url().optional(),
  /** Checks that reach the provider (a kept answer costs nothing) per user and per client address per day. */
  REALNAME_PER_USER_DAY: z.coerce.number().int().min(1).default(5),
  REALNAME_PER_ADDRESS_DAY: z.coerce.number().int().min(1).default(20),
  // stats:
  /** How often the sweep leader rolls the statistics up (ms; 0 turns it off). */
  STATS_ROLLUP_MS: z.coerce.number().int().min(0).default(300_000),
  /** Each rollup recomputes this many past hours (late events and late order changes land in their hour). */
  STATS_LOOKBACK_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 7)
    .default(48),
  /** The first rollup (no watermark yet) starts this many days back. */
  STATS_BACKFILL_DAYS: z.coerce.number().int().min(1).max(3660).default(90),
  /** Raw statistics events older than this many days are deleted once rolled up (their rollups stay forever). */
  STATS_RAW_RETENTION_DAYS: z.coerce.number().int().min(1).max(3660).default(90),
});

/** The real-name provider's keys (realname). */
export const TENCENT_REALNAME = ['REALNAME_TENCENT_SECRET_ID', 'REALNAME_TENCENT_SECRET_KEY'] as const;

type Parsed = z.output<typeof configSchema>;
export type Config = Omit<Parsed, 'DEMO_GAME' | 'DEMO_MARKET' | 'SMS_DRIVER'> & {
  DEMO_GAME: boolean;
  DEMO_MARKET: boolean;
  SMS_DRIVER: 'console' | 'tencent';
  dataDir: string;
  webDist: string;
};

const TENCENT_SMS = [
  'SMS_TENCENT_SECRET_ID',
  'SMS_TENCENT_SECRET_KEY',
  'SMS_TENCENT_SDK_APP_ID',
  'SMS_SIGN_NAME',
  'SMS_TEMPLATE_ID',
] as const;
const ALIPAY = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'] as const;
const WECHAT_PAY = [
  'WECHAT_MCH_ID',
  'WECHAT_APP_ID',
  'WECHAT_SERIAL_NO',
  'WECHAT_PRIVATE_KEY',
  'WECHAT_PLATFORM_PUBLIC_KEY',
  'WECHAT_API_V3_KEY',
] as const;

// logins:
const LOGIN_PROVIDERS = [
  [['LOGIN_WX_APP_ID', 'LOGIN_WX_APP_SECRET'], 'WeChat sign-in'],
  [['LOGIN_QQ_APP_ID', 'LOGIN_QQ_APP_KEY'], 'QQ sign-in'],
  [['LOGIN_ONE_CLICK_ACCESS_KEY_ID', 'LOGIN_ONE_CLICK_ACCESS_KEY_SECRET'], 'one-click sign-in (号码认证)'],
] as const;

/**
 * Production runs only on real parts (docs/decisions/0012): every missing setting and every demo
 * part asked for, in one list. Empty outside production.
 */
function productionProblems(c: Parsed): string[] {
  if (c.APP_ENV !== 'production') return [];
  const problems: string[] = [];
  const missing = (names: readonly (keyof Parsed)[]) => names.filter((n) => !c[n]);
  if (c.DEMO_GAME === '1')
    problems.push('DEMO_GAME=1: the demo games (anyone logs in as seller01/demo123) never run in production');
  if (c.DEMO_MARKET === '1') problems.push('DEMO_MARKET=1: the demo market is never seeded in production');
  if (c.SMS_DRIVER === 'console')
    problems.push('SMS_DRIVER=console: writes codes to the log; production sends SMS with SMS_DRIVER=tencent');
  else if (missing(TENCENT_SMS).length > 0)
    problems.push(`${missing(TENCENT_SMS).join(', ')}: the SMS provider (Tencent Cloud SMS)`);
  const alipay = missing(ALIPAY);
  const wechat = missing(WECHAT_PAY);
  const started = (names: readonly (keyof Parsed)[], left: (keyof Parsed)[]) =>
    left.length < names.length && left.length > 0;
  if (alipay.length > 0 && wechat.length > 0 && !started(ALIPAY, alipay) && !started(WECHAT_PAY, wechat))
    problems.push(
      `${ALIPAY.join(', ')} (Alipay) or ${WECHAT_PAY.join(', ')} (WeChat Pay): at least one payment channel`,
    );
  if (started(ALIPAY, alipay)) problems.push(`${alipay.join(', ')}: the rest of the Alipay keys`);
  if (started(WECHAT_PAY, wechat)) problems.push(`${wechat.join(', ')}: the rest of the WeChat Pay keys`);
  if (c.PAYOUT_CHANNEL.includes('alipay') && alipay.length > 0)
    problems.push(`${alipay.join(', ')}: PAYOUT_CHANNEL=alipay pays withdrawals with the Alipay app's keys`);
  if (c.PAYOUT_CHANNEL.includes('wechat')) {
    const left = [
      ...wechat,
      ...(c.WECHAT_TRANSFER_SCENE_ID ? [] : ['WECHAT_TRANSFER_SCENE_ID']),
      ...(c.WECHAT_PAYOUT_APP_ID || c.LOGIN_WX_APP_ID ? [] : ['WECHAT_PAYOUT_APP_ID or LOGIN_WX_APP_ID']),
    ];
    if (left.length > 0)
      problems.push(
        `${left.join(', ')}: PAYOUT_CHANNEL=wechat pays withdrawals by WeChat Pay 商家转账 to the openids of a WeChat app`,
      );
  }
  // logins: a sign-in without keys is simply not offered; one with half its keys is a mistake.
  for (const [names, what] of LOGIN_PROVIDERS) {
    const left = missing(names);
    if (left.length > 0 && left.length < names.length)
      problems.push(`${left.join(', ')}: the rest of the ${what} keys`);
  }
  if (!c.PUBLIC_BASE_URL) problems.push('PUBLIC_BASE_URL: the origin the payment gateways send their notifications to');
  // realname:
  if (c.REALNAME_DRIVER === 'sandbox')
    problems.push(
      'REALNAME_DRIVER=sandbox: verifies anyone; production checks real names with REALNAME_DRIVER=tencent',
    );
  else if (missing(TENCENT_REALNAME).length > 0)
    problems.push(`${missing(TENCENT_REALNAME).join(', ')}: the real-name provider (Tencent Cloud faceid and OCR)`);
  if (!c.PII_KEY) problems.push('PII_KEY: the key of personal data at rest, never kept in the database');
  if (!c.RSA_PRIVATE_KEY) problems.push("RSA_PRIVATE_KEY: the codec's key");
  if (!c.SMS_CODE_SECRET) problems.push('SMS_CODE_SECRET: the HMAC key of stored SMS codes');
  // wallet:
  if (!c.PAY_PASSWORD_SECRET) problems.push('PAY_PASSWORD_SECRET: the pepper of stored payment passwords');
  if (c.STORAGE_DRIVER === 'local' && !c.STORAGE_SIGNING_SECRET)
    problems.push('STORAGE_SIGNING_SECRET: signs the URLs of the local storage driver (or STORAGE_DRIVER=s3)');
  if (c.OPS_TOKEN && c.OPS_TOKEN.length < 16) problems.push('OPS_TOKEN must have 16 characters or more in production');
  return problems;
}

/** The project's root (where .env is read from), whatever the working directory. */
const projectRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');

/**
 * Reads the project's .env into process.env when the file exists (Node's own parser: KEY=value
 * lines, # comments, quotes). A variable already set in the real environment wins over the file.
 * Returns the file read, or null.
 */
export function loadEnvFile(file = path.join(projectRoot, '.env')): string | null {
  if (!fs.existsSync(file)) return null;
  process.loadEnvFile(file);
  return file;
}

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
  const problems = productionProblems(c);
  if (problems.length > 0)
    throw new Error(
      `Invalid configuration: APP_ENV=production runs only on real parts; set or change:\n${problems.map((p) => `- ${p}`).join('\n')}`,
    );
  const production = c.APP_ENV === 'production';
  const here = path.dirname(new URL(import.meta.url).pathname);
  return {
    ...c,
    DEMO_GAME: !production && c.DEMO_GAME !== '0',
    DEMO_MARKET: !production && c.DEMO_MARKET !== '0',
    SMS_DRIVER: c.SMS_DRIVER ?? (production ? 'tencent' : 'console'),
    dataDir: path.resolve(c.DATA_DIR),
    webDist: path.resolve(c.WEB_DIST ?? path.join(here, '../../web/dist')),
  };
}

/** The key that bootstraps the console's first admin, or null (production without OPS_TOKEN). */
export function opsToken(config: Pick<Config, 'APP_ENV' | 'OPS_TOKEN'>): string | null {
  return config.OPS_TOKEN ?? (config.APP_ENV === 'production' ? null : 'demo-ops');
}

export function testHooksEnabled(config: Pick<Config, 'APP_ENV'>): boolean {
  return config.APP_ENV !== 'production';
}
