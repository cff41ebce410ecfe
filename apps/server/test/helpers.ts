import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Transport } from '@app/game-partner/partner-client';
import { bargainSetting, h5sdkCreateOfferOrder, type Offer } from '@app/protocol/calls/bargain';
import { gameTokenLogin } from '@app/protocol/calls/game';
import { identification } from '@app/protocol/calls/identity';
import { h5sdkVerifyCode } from '@app/protocol/calls/market';
import { wapAlipay } from '@app/protocol/calls/pay';
import { bindPhone, sendSms } from '@app/protocol/calls/user';
import { extractSave } from '@app/protocol/calls/withdrawal';
import { type ClientCodec, createClientCodec } from '@app/protocol/codec/client';
import { type CallDef, type CallInput, callPath } from '@app/protocol/contract';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { demoComposition } from '../../../demo/src/demo-composition';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import type { AppDb, Database } from '../src/database';
import { issueSession } from '../src/platform/auth/sessions';
import { openDatabase } from '../src/platform/db/database';
import { openPGlite } from '../src/platform/db/pglite-open';
import type { SpanExporter } from '../src/platform/tracing/tracing';
import { productionSettings } from './production-env';

/**
 * A fresh database per test file: PGlite in memory by default, or a new PostgreSQL database
 * on the server of TEST_PG_URL when TEST_DB=postgres (dropped when the file ends). Either is a
 * copy of the database global-setup.ts migrated once for the run.
 */
export const testDb = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabase {
  /** The whole database, typed: a test checks the database, not a module, and may name any table. */
  db: AppDb;
  url: string | undefined;
  drop(): Promise<void>;
}

let pgliteTemplate: { file: string; dump: Blob; kept?: KeptTemplate } | undefined;
function pgliteDump(): { file: string; dump: Blob; kept?: KeptTemplate } | undefined {
  const file = inject('pgliteTemplate');
  if (!file) return undefined;
  if (pgliteTemplate?.file !== file) {
    for (const pglite of spare.splice(0)) void pglite.close();
    pgliteTemplate = { file, dump: new Blob([fs.readFileSync(file)]) };
  }
  return pgliteTemplate;
}

/**
 * PGlite databases a worker keeps between its files (vitest's `isolate: false` shares this module
 * among the files of a worker): one a file gave back (drop) is reset to the template and handed to
 * the next file, where loading the dump into a new PGlite cost ~1.5 CPU-s a file (decision 0042).
 * The reset empties every table, puts the template's rows and sequence values back and discards the
 * session (settings, prepared statements, listeners, advisory locks, temporary tables); a database
 * whose schema a file changed, or which was left inside a transaction, is closed instead.
 */
const spare: PGlite[] = [];
const SPARE_MAX = 2;

/** What a reset puts back: read from a PGlite just loaded from the dump, before any test used it. */
interface KeptTemplate {
  schema: string;
  tables: string[];
  rows: Array<{ table: string; json: string }>;
  sequences: Array<{ name: string; value: number; called: boolean }>;
}

/** Everything of the schema a test could change: tables, columns, defaults, functions, triggers, roles. */
const SCHEMA_PRINT = `select md5(string_agg(x, ',' order by x)) as print from (
  select 'c:' || n.nspname || '.' || c.relname || ':' || c.relkind::text || ':' || c.relnatts as x
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
  union all select 'a:' || a.attrelid::regclass || '.' || a.attname || ':' || a.atttypid || ':' || a.attnotnull
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and a.attnum > 0 and not a.attisdropped
  union all select 'd:' || d.adrelid::regclass || ':' || pg_get_expr(d.adbin, d.adrelid) from pg_attrdef d
  union all select 'k:' || conname || ':' || conrelid from pg_constraint
  union all select 'p:' || p.oid::regprocedure from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname not in ('pg_catalog', 'information_schema')
  union all select 't:' || tgname || ':' || tgenabled::text from pg_trigger where not tgisinternal
  union all select 'n:' || nspname from pg_namespace
  union all select 'e:' || extname from pg_extension
  union all select 'r:' || rolname from pg_roles
  union all select 'b:' || datname from pg_database
) s`;

async function keepTemplate(pglite: PGlite): Promise<KeptTemplate> {
  const schema = (await pglite.query<{ print: string }>(SCHEMA_PRINT)).rows[0]!.print;
  const tables = (
    await pglite.query<{ name: string }>(
      `select quote_ident(relname) as name from pg_class where relnamespace = 'public'::regnamespace
       and relkind in ('r', 'p') and not relispartition order by relname`,
    )
  ).rows.map((r) => r.name);
  const rows: KeptTemplate['rows'] = [];
  for (const table of tables) {
    const { json } = (await pglite.query<{ json: string | null }>(`select json_agg(t)::text as json from ${table} t`))
      .rows[0]!;
    if (json) rows.push({ table, json });
  }
  const sequences: KeptTemplate['sequences'] = [];
  for (const { name } of (
    await pglite.query<{ name: string }>(
      `select quote_ident(relname) as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'S'`,
    )
  ).rows) {
    const { value, called } = (
      await pglite.query<{ value: number; called: boolean }>(
        `select last_value as value, is_called as called from ${name}`,
      )
    ).rows[0]!;
    sequences.push({ name, value, called });
  }
  return { schema, tables, rows, sequences };
}

/** The database as the template was, or false (it is then closed, not kept). */
async function resetToTemplate(pglite: PGlite, template: KeptTemplate): Promise<boolean> {
  try {
    if (pglite.closed) return false;
    // Refused inside a transaction: a database a file left in one is not kept.
    await pglite.exec('discard all');
    if ((await pglite.query<{ print: string }>(SCHEMA_PRINT)).rows[0]!.print !== template.schema) return false;
    await pglite.transaction(async (tx) => {
      await tx.exec(`truncate ${template.tables.join(', ')} restart identity cascade`);
      // The template's rows as they were, foreign keys and triggers aside while they go back.
      await tx.exec('set local session_replication_role = replica');
      for (const { table, json } of template.rows)
        await tx.query(
          `insert into ${table} overriding system value select * from json_populate_recordset(null::${table}, $1)`,
          [json],
        );
      for (const { name, value, called } of template.sequences)
        await tx.query(`select setval('${name}', $1, $2)`, [value, called]);
    });
    return true;
  } catch {
    return false;
  }
}

async function keptPGlite(): Promise<PGlite> {
  const template = pgliteDump();
  const kept = spare.pop();
  if (kept) return kept;
  const pglite = await openPGlite({ dataDir: null, loadDataDir: template?.dump });
  if (template && !template.kept) template.kept = await keepTemplate(pglite);
  return pglite;
}

async function giveBack(pglite: PGlite): Promise<void> {
  const template = pgliteTemplate?.kept;
  if (template && spare.length < SPARE_MAX && (await resetToTemplate(pglite, template))) spare.push(pglite);
  else await pglite.close();
}

/** PostgreSQL copies a template for one connection at a time: another copy under way is waited out. */
async function createDatabase(admin: pg.Client, name: string, template: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
      return;
    } catch (error) {
      const busy = (error as { code?: string }).code === '55006';
      if (!busy || attempt >= 200) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
    }
  }
}

export async function freshDatabase(): Promise<TestDatabase> {
  if (testDb === 'pglite') {
    const pglite = await keptPGlite();
    const db = await openDatabase<Database>({ dataDir: null, pglite });
    return {
      db,
      url: undefined,
      async drop() {
        await db.destroy();
        await giveBack(pglite);
      },
    };
  }
  const name = `mk_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await createDatabase(admin, name, inject('pgTemplate'));
  } finally {
    await admin.end();
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const db = await openDatabase<Database>({ url: url.toString(), dataDir: null });
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.destroy();
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    LOG_LEVEL: 'silent',
    APP_ENV: 'local',
    DATA_DIR: '/nonexistent',
    UPLOAD_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'market-uploads-')),
    WEB_DIST: '/nonexistent',
    DEMO_MARKET: '0',
    SWEEP_MS: '0',
    // Envelopes opened in the event loop: a thread per test app would cost more than it saves
    // (envelope-v2.test.ts's thread cases, the journeys and the scale suite run with the threads).
    CODEC_WORKERS: '0',
    // Tests call far faster than a person from one address; the limits' own tests turn them on.
    RATE_LIMIT_CLIENT_PER_10S: '0',
    RATE_LIMIT_ADDRESS_PER_MINUTE: '0',
    RATE_LIMIT_EVENTS_PER_MINUTE: '0',
    REALNAME_PER_ADDRESS_DAY: '100000',
    // A loaded test machine's event loop lags by itself: shedding load is load-shedding.test's.
    SHED_EVENT_LOOP_DELAY_MS: '0',
    // Production starts only with its real parts configured (decision 0012): made-up ones here.
    ...(overrides.APP_ENV === 'production' ? productionSettings() : {}),
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  db: AppDb;
  client: (source?: string) => Promise<TestClient>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Trace every request into this exporter (traces.test.ts: an InMemorySpanExporter). */
  spanExporter?: SpanExporter;
  /** Hears every partner API call a mounted game receives: its path and its headers, as the game saw them. */
  partnerCalls?: (path: string, headers: Readonly<Record<string, string>>) => void;
  /** Stands between the exchange and the mounted games (game-outage.test.ts: a game slow, down, its answers lost). */
  wrapPartner?: (transport: Transport) => Transport;
}

export async function createTestApp(
  overrides: Record<string, string> = {},
  shared?: TestDatabase,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = shared ?? (await freshDatabase());
  // The demo's composition, as `npm start` has it: the demo games mounted, the demo market on DEMO_MARKET.
  const config = testConfig(overrides);
  const composition = demoComposition(config);
  const { mountGames } = composition;
  const { partnerCalls, wrapPartner } = options;
  if (mountGames && (partnerCalls || wrapPartner))
    composition.mountGames = async (app, deps) =>
      (await mountGames(app, deps)).map((game) => {
        const { transport } = game;
        if (!transport) return game;
        const heard: Transport = (url, init) => {
          partnerCalls?.(url, init.headers);
          return transport(url, init);
        };
        return { ...game, transport: wrapPartner ? wrapPartner(heard) : heard };
      });
  const app = await buildApp(config, {
    db: database.db,
    ...composition,
    ...(options.spanExporter ? { spanExporter: options.spanExporter } : {}),
  });
  await app.ready();
  await app.prepareMarket();
  return {
    app,
    db: database.db,
    client: (source = 'H5') => createTestClient(app, source),
    async close() {
      await app.close();
      if (!shared) await database.drop();
    },
  };
}

/**
 * The app of a test file (or of a describe block): built before its tests, closed after them.
 * The answer is filled in by the beforeAll hook, so it can be declared at the top of the file.
 */
export function useTestApp(
  overrides: Record<string, string> = {},
  options: { timeout?: number; app?: TestAppOptions } = {},
): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(overrides, undefined, options.app));
  }, options.timeout);
  afterAll(() => t.close?.());
  return t;
}

/** A client of the app of useTestApp, booted (clientConfig) before the tests. */
export function useTestClient(t: TestApp, source?: string): TestClient {
  const client = {} as TestClient;
  beforeAll(async () => {
    Object.assign(client, await t.client(source));
  });
  return client;
}

export interface Envelope {
  code: string;
  msg: string;
  data: unknown;
}

export interface CallOptions {
  /** false: signed, not sealed. */
  encrypt?: boolean;
  /** The codec version of a sealed call: 2 (PROTOCOL.md's, the default) or 1. */
  version?: 1 | 2;
  headers?: Record<string, string>;
  token?: string;
}

/** A client written only from PROTOCOL.md, speaking to the app over inject. */
export interface TestClient {
  codec: ClientCodec;
  keys: { rsaPublicKey: string; signSecret: string; keyId: string };
  /** The answer's envelope (opened) and its HTTP status. */
  call<D extends CallDef>(def: D, params: CallInput<D>, options?: CallOptions): Promise<Envelope & { status: number }>;
  raw(
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Envelope & { status: number }>;
}

export async function createTestClient(app: FastifyInstance, source: string): Promise<TestClient> {
  const boot = await app.inject({ method: 'GET', url: `/pb/api/app/system/v1/clientConfig?source=${source}` });
  const keys = boot.json().data;
  const codec = createClientCodec(keys);
  const raw: TestClient['raw'] = async (method, url, body, headers = {}) => {
    const res = await app.inject({
      method,
      url,
      headers: { 'content-type': 'application/json', 'x-source': source, ...headers },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return { ...(res.json() as Envelope), status: res.statusCode };
  };
  return {
    codec,
    keys,
    raw,
    async call(def, params, options = {}) {
      const encrypt = options.encrypt ?? true;
      const headers = { ...(options.token ? { 'x-token': options.token } : {}), ...options.headers };
      const path = callPath(def);
      const input = params as Record<string, unknown>;
      await keepPlaying(app, input.gameToken);
      if (encrypt && (options.version ?? 2) === 2) {
        const sealed = def.method === 'GET' ? codec.get(input) : codec.post(input);
        const res =
          'query' in sealed
            ? await raw('GET', `${path}?${sealed.query}`, undefined, headers)
            : await raw('POST', path, sealed.body, headers);
        return res.code === '200' ? { ...res, data: sealed.open(res.data) } : res;
      }
      const res =
        def.method === 'GET'
          ? await raw('GET', `${path}?${codec.sealGet(input, encrypt)}`, undefined, headers)
          : await raw('POST', path, codec.sealPost(input, encrypt), headers);
      return res.code === '200' ? { ...res, data: codec.openData(res.data, def.method, encrypt) } : res;
    },
  };
}

export function expectCode(res: Envelope, code: string, msg?: string): void {
  expect({ code: res.code, ...(msg ? { msg: res.msg } : {}) }).toEqual({ code, ...(msg ? { msg } : {}) });
}

/** Logs a new user in through the test hook and answers its token. */
export async function loginAs(app: TestApp, phone: string): Promise<{ token: string; uid: string }> {
  const res = await app.app.inject({ method: 'POST', url: '/dev/session', payload: { phone } });
  return res.json().data;
}

export async function smsOutbox(app: TestApp, phone: string): Promise<Array<{ code: string; smsType: string }>> {
  return (await app.app.inject({ method: 'GET', url: `/dev/sms/outbox?phone=${phone}` })).json().data;
}

/** The payment password the tests set (paypin, docs/decisions/0052): balance payments and withdrawals send it. */
export const TEST_PAY_PIN = '135790';

/**
 * Sets TEST_PAY_PIN as the user's payment password, as payPasswordSet would after its SMS code (the
 * module's test hook: the SMS cooldown would otherwise hold up every player a test makes;
 * pay-password.test.ts covers the call itself).
 */
export async function setPayPin(t: TestApp, userId: number): Promise<void> {
  await t.app.payPassword.setWithoutCode(userId, TEST_PAY_PIN);
}

/** A resident ID number with a correct GB 11643 check digit for the given birth date. */
export function idNumber(birth: string, seq = '001'): string {
  const body = `110105${birth}${seq}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((acc, digit, i) => acc + Number(digit) * (weights[i] as number), 0);
  return body + '10X98765432'[sum % 11];
}

export interface GameLoginInfo {
  gameId: string;
  serverId: string;
  gameToken: string;
  roleId: string;
  role: string;
}

/** The demo game's test hook (PROTOCOL.md): logs a demo account in and puts its first role online. */
export async function demoGameLogin(app: TestApp, account: string): Promise<GameLoginInfo> {
  const info: GameLoginInfo = (
    await app.app.inject({ method: 'POST', url: '/demo-game/api/login', payload: { account, password: 'demo123' } })
  ).json().data;
  if (info?.gameToken) playing.set(info.gameToken, { at: Date.now(), beat: Promise.resolve() });
  return info;
}

/**
 * The game tokens of the roles the tests play (demoGameLogin), with when their game last heard of
 * them. The demo game holds a role online for 30 s after its last heartbeat, which the game page
 * sends while the player is in the game; a test client's call with such a token sends that
 * heartbeat first once 10 s have passed, so the role a file logged in at its start is still online
 * however long the file runs. Without it a file that ran past 30 s on a loaded machine (offers.test's
 * 预购码 cases, auctions.test's races) was answered 10002 角色已掉线 on publishCoin.
 */
const playing = new Map<string, { at: number; beat: Promise<void> }>();
const HEARTBEAT_EVERY_MS = 10_000;

/**
 * Calls made at once with one token (Promise.all) all wait for the heartbeat the first of them
 * sends: one that went ahead of it reached the game while the role was still offline (10002).
 */
async function keepPlaying(app: FastifyInstance, gameToken: unknown): Promise<void> {
  if (typeof gameToken !== 'string') return;
  const played = playing.get(gameToken);
  if (!played) return;
  if (Date.now() - played.at >= HEARTBEAT_EVERY_MS) {
    played.at = Date.now();
    played.beat = app
      .inject({ method: 'POST', url: '/demo-game/api/heartbeat', headers: { 'x-game-token': gameToken } })
      .then((res) => {
        // A token the game no longer knows (expired, its role sold) is no longer played.
        if (res.statusCode !== 200 || res.json().ok !== true) playing.delete(gameToken);
      });
  }
  await played.beat;
}

/** The player leaves the game (the demo game's logout): his role is offline, and no more heartbeats. */
export async function leaveGame(app: TestApp, gameToken: string): Promise<void> {
  playing.delete(gameToken);
  await app.app.inject({ method: 'POST', url: '/demo-game/api/logout', headers: { 'x-game-token': gameToken } });
}

/** Counted per test file, also when files share a worker's modules (isolate: false). */
let playerSeq = 0;
let playerSeqFile: string | undefined;
/**
 * A player of the demo game in the SDK view, ready to buy and sell: logged in with the game token,
 * a bound phone (phonePrefix + a counter), a real name, the sale lock open, the payment password
 * TEST_PAY_PIN.
 */
export async function sdkPlayer(t: TestApp, sdk: TestClient, account: string, phonePrefix = '1380000') {
  const file = expect.getState().testPath;
  if (file !== playerSeqFile) [playerSeqFile, playerSeq] = [file, 0];
  const seq = ++playerSeq;
  const info = await demoGameLogin(t, account);
  const pt = { gameId: info.gameId, gameToken: info.gameToken, serverId: info.serverId };
  const login = (await sdk.call(gameTokenLogin, pt)).data as { token: string; uid: string };
  const phone = `${phonePrefix}${String(seq).padStart(4, '0')}`;
  await sdk.call(sendSms, { smsType: 'phoneLogin', phone });
  const [bind] = await smsOutbox(t, phone);
  expectCode(await sdk.call(bindPhone, { phone, code: bind!.code }, { token: login.token }), '200');
  expectCode(
    await sdk.call(
      identification,
      { realName: '冯十', idCard: idNumber('19870707', String(700 + seq)) },
      { token: login.token },
    ),
    '200',
  );
  await sdk.call(sendSms, { smsType: 'verifyCode', phone: 'auto' }, { token: login.token });
  const code = (await smsOutbox(t, phone)).find((m) => m.smsType === 'verifyCode')!.code;
  expect((await sdk.call(h5sdkVerifyCode, { ...pt, code }, { token: login.token })).data).toBe(true);
  const user = await t.db.selectFrom('users').select('id').where('uid', '=', login.uid).executeTakeFirstOrThrow();
  await setPayPin(t, user.id);
  return { info, pt, token: login.token, uid: login.uid, userId: user.id };
}

type GamePt = { gameId: string; gameToken: string; serverId: string };

/** 还价 allowed on one of the seller's listings (docs/decisions/0021-deposits.md). */
export async function allowBargain(app: TestClient, sellerToken: string, commodityId: string): Promise<void> {
  expectCode(
    await app.call(bargainSetting, { commodityId, allowBargain: true, floorPrice: null }, { token: sellerToken }),
    '200',
  );
}

/**
 * A buyer's 还价 (or 出价 on a pre-sale) from inside the game, its deposit paid through the
 * sandbox: it waits for the seller (11). Answers the proposal as the buyer sees it then.
 */
export async function sentOffer(
  t: TestApp,
  clients: { sdk: TestClient; app: TestClient },
  buyer: { pt: GamePt; token: string },
  commodityId: string,
  price: number,
  requestKey: string,
): Promise<Offer> {
  const made = await clients.sdk.call(
    h5sdkCreateOfferOrder,
    { ...buyer.pt, commodityId, price, requestKey, agreement: true },
    { token: buyer.token },
  );
  expectCode(made, '200');
  const { deposit } = made.data as Offer;
  if (!deposit) throw new Error('a proposal without its deposit');
  if (deposit.status === 'unpaid') {
    const pay = await clients.app.call(
      wapAlipay,
      { bizNo: deposit.bizNo, totalAmount: deposit.amount, payPrice: deposit.amount },
      { token: buyer.token },
    );
    expectCode(pay, '200');
    await t.app.inject({
      method: 'POST',
      url: `/sandbox/api/pay/${(pay.data as { tradeNo: string }).tradeNo}/succeed`,
    });
  }
  return made.data as Offer;
}

/**
 * A user of the production app asks for a ¥10 withdrawal to his own phone's Alipay account: what the
 * app answers, after checking that no withdrawal was written (both production tests refuse it).
 */
export async function productionWithdrawal(t: TestApp, uid: string, mobile: string): Promise<Envelope> {
  const user = await t.db
    .insertInto('users')
    .values({ uid, mobile, nickname: `玩家${mobile.slice(-4)}`, avatar: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await issueSession(t.db, user.id, 'H5', 1);
  const client = await t.client();
  const res = await client.call(extractSave, { amount: 1000, accountNo: mobile, accountName: '张三' }, { token });
  expect(await t.db.selectFrom('withdrawals').select('id').execute()).toHaveLength(0);
  return res;
}
