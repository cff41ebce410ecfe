/**
 * Orders placed per second on PostgreSQL (issue 7): `npm run bench:orders`.
 *
 *  1. creates bench_orders_<pid> on the PostgreSQL of BENCH_PG_URL and starts the server on it
 *     (production's settings in the pre environment, since production refuses the demo games;
 *     each order asks the game for the buyer's role);
 *  2. seeds coin listings of 传奇·演示 on 龙腾一区 (one per order to place) and buyers with
 *     sessions, bound phones and real names; every buyer delivers to buyer1's role (the game token
 *     of one demo login, checked by the game on every request, as the SDK view sends it);
 *  3. for each connection count, autocannon POSTs h5sdk.orderPlace v2, signed (withOutEncrypt),
 *     each body with its own nonce, listing and request key; every answer must be code 200 and
 *     every order must exist once afterwards;
 *  4. reports requests/s, p50 and p99 per count, and drops the database.
 */
import os from 'node:os';
import { h5sdkOrderPlace } from '@app/protocol/calls/orders';
import { createClientCodec } from '@app/protocol/codec/client';
import { callPath } from '@app/protocol/contract';
import autocannon from 'autocannon';
import { startServer } from '../tests/start-server';
import { demoGamesEnv } from './bench-env';
import { adminUrl, sql, withDatabase } from './bench-pg';

const SECONDS = Number(process.env.BENCH_ORDERS_SECONDS ?? 4);
const LEVELS = (process.env.BENCH_ORDERS_CONNECTIONS ?? '1,4,8,16').split(',').map(Number);
const BUYERS = 200;
const POOL = Number(process.env.BENCH_ORDERS_POOL ?? 3_000);
const PATH = callPath(h5sdkOrderPlace);
const log = (line: string) => console.info(line);

const admin = adminUrl();
const withDb = (name: string) => withDatabase(admin, name);

const dbName = `bench_orders_${process.pid}`;
await sql(admin, `create database ${dbName}`);
const url = withDb(dbName);
const port = Number(process.env.BENCH_ORDERS_PORT ?? 3490);
const server = await startServer(port, {
  ...demoGamesEnv(),
  WEB_DIST: '/nonexistent',
  DATABASE_URL: url,
  DEMO_MARKET: '0',
  SWEEP_MS: '0',
});
const base = `http://127.0.0.1:${port}`;
try {
  // The demo game's own login of buyer1 (the test hook is off in production: log in through its API).
  const login = (await (
    await fetch(`${base}/demo-game/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'buyer1', password: 'demo123' }),
    })
  ).json()) as { ok: boolean; data: { gameId: string; gameToken: string; serverId: string } };
  if (!login.ok) throw new Error('demo game login failed');
  const pt = { gameId: login.data.gameId, gameToken: login.data.gameToken, serverId: login.data.serverId };

  const total = POOL * LEVELS.length;
  log(`orders: seeding ${total} listings and ${BUYERS} buyers into ${dbName}…`);
  await sql(
    url,
    `insert into users (uid, mobile, nickname, avatar, has_authentication)
     select '7' || lpad(g::text, 7, '0'), '1770' || lpad(g::text, 7, '0'), '压测' || g, '', true from generate_series(0, $1) g`,
    [BUYERS],
  );
  const seller = await sql(url, `select id from users where uid = '70000000'`);
  const sellerId = seller.rows[0].id as number;
  await sql(
    url,
    `insert into commodities (type, title, application_id, game_name, server_id, server_name, master_server_id,
       coin_type_name, coin_type, coin_num, first_img, price_fen, fee_fen, sale_type, auction_enable, status,
       seller_user_id, game_account_id, game_role_id)
     select 2, '压测金币' || g, 'demo-legend', '传奇·演示', 's1', '龙腾一区', 'm1', '金币', 2, 10000, '',
       1000 + g % 5000, 50, 0, 0, 1, $1, 'seller-bench', 'seller-role'
     from generate_series(1, $2) g`,
    [sellerId, total],
  );
  const listings = (await sql(url, 'select id from commodities order by id')).rows.map((r) => String(r.id));
  // Sessions: the server's own table (only the SHA-256 of a token is stored).
  const { createHash, randomBytes } = await import('node:crypto');
  const tokens: string[] = [];
  const buyers = (await sql(url, `select id from users where id <> $1 order by id`, [sellerId])).rows;
  for (const b of buyers) {
    const token = randomBytes(24).toString('base64url');
    tokens.push(token);
    await sql(
      url,
      `insert into sessions (user_id, token_hash, source, expires_at) values ($1, $2, 'H5SDK', now() + interval '1 day')`,
      [b.id, createHash('sha256').update(token).digest('hex')],
    );
  }

  const keys = (await (await fetch(`${base}/pb/api/app/system/v1/clientConfig?source=H5SDK`)).json()).data;
  const codec = createClientCodec(keys);
  let next = 0;
  /** A fresh body for the next listing: its own nonce, timestamp and request key. */
  const body = () => {
    const i = next++;
    const params = {
      ...pt,
      commodityId: listings[i % listings.length],
      requestKey: `bench-order-${i}`,
      agreement: true,
    };
    return { body: JSON.stringify(codec.sealPost(params, false)), token: tokens[i % tokens.length] as string };
  };
  const results: Array<{
    connections: number;
    rps: number;
    p50: number;
    p99: number;
    non2xx: number;
    refused: number;
  }> = [];
  for (const connections of LEVELS) {
    let refused = 0;
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: `${base}${PATH}`,
          connections,
          duration: SECONDS,
          requests: [
            {
              method: 'POST',
              setupRequest: (req) => {
                const b = body();
                return {
                  ...req,
                  body: b.body,
                  headers: { 'content-type': 'application/json', 'x-source': 'H5SDK', 'x-token': b.token },
                };
              },
              onResponse: (_status, resBody) => {
                if (!String(resBody).includes('"code":"200"')) {
                  if (refused === 0) log(`orders: first refusal: ${String(resBody).slice(0, 200)}`);
                  refused++;
                }
              },
            },
          ],
        },
        (err, r) => (err ? reject(err) : resolve(r)),
      );
      void instance;
    });
    const row = {
      connections,
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      refused,
    };
    results.push(row);
    log(
      `orders: ${String(connections).padStart(2)} conn  ${row.rps} orders/s  p50 ${row.p50} ms  p99 ${row.p99} ms${refused ? `  NOT PLACED ${refused}` : ''}`,
    );
  }
  const placed = await sql(url, 'select count(*)::int as n, count(distinct commodity_id)::int as d from orders');
  log(
    `orders: ${placed.rows[0].n} orders placed, on ${placed.rows[0].d} distinct listings (each listing ordered once)`,
  );
  const peak = results.reduce((a, b) => (b.rps > a.rps ? b : a));
  log(`orders: peak ${peak.rps} orders/s at ${peak.connections} connections, p99 ${peak.p99} ms`);
  const fs = await import('node:fs');
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync(
    'bench/results/orders.json',
    `${JSON.stringify({ date: new Date().toISOString(), machine: `${os.cpus().length} cores ${os.cpus()[0]?.model ?? ''}`, results, peak, placed: placed.rows[0] }, null, 2)}\n`,
  );
} finally {
  await server.stop();
  await sql(admin, `drop database if exists ${dbName} with (force)`);
}
