import { createHash, randomBytes } from 'node:crypto';

type Query = (text: string, values?: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }>;

export interface OrderSeed {
  /** The coin listings' ids, in order: one per order to place. */
  listings: string[];
  /** One session token per buyer (H5SDK), each with a bound phone and a real name. */
  tokens: string[];
}

/**
 * The orders benchmarks' data: `listings` coin listings of 传奇·演示 on 龙腾一区, sold by one
 * seller, and `buyers` buyers with sessions. Sessions go straight into the server's own table
 * (only the SHA-256 of a token is stored there).
 */
export async function seedOrderBench(query: Query, listings: number, buyers: number): Promise<OrderSeed> {
  await query(
    `insert into users (uid, mobile, nickname, avatar, has_authentication)
     select '7' || lpad(g::text, 7, '0'), '1770' || lpad(g::text, 7, '0'), '压测' || g, '', true from generate_series(0, $1) g`,
    [buyers],
  );
  const seller = await query(`select id from users where uid = '70000000'`);
  const sellerId = seller.rows[0]?.id as number;
  await query(
    `insert into commodities (type, title, application_id, game_name, server_id, server_name, master_server_id,
       coin_type_name, coin_type, coin_num, first_img, price_fen, fee_fen, sale_type, auction_enable, status,
       seller_user_id, game_account_id, game_role_id)
     select 2, '压测金币' || g, 'demo-legend', '传奇·演示', 's1', '龙腾一区', 'm1', '金币', 2, 10000, '',
       1000 + g % 5000, 50, 0, 0, 1, $1, 'seller-bench', 'seller-role'
     from generate_series(1, $2) g`,
    [sellerId, listings],
  );
  const ids = (await query('select id from commodities order by id')).rows.map((r) => String(r.id));
  const tokens: string[] = [];
  const rows = (await query(`select id from users where id <> $1 order by id`, [sellerId])).rows;
  for (const b of rows) {
    const token = randomBytes(24).toString('base64url');
    tokens.push(token);
    await query(
      `insert into sessions (user_id, token_hash, source, expires_at) values ($1, $2, 'H5SDK', now() + interval '1 day')`,
      [b.id, createHash('sha256').update(token).digest('hex')],
    );
  }
  return { listings: ids, tokens };
}

/** The demo game's own login of buyer1 (the test hook is off outside local: log in through its API). */
export async function demoGameLogin(base: string): Promise<{ gameId: string; gameToken: string; serverId: string }> {
  const login = (await (
    await fetch(`${base}/demo-game/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'buyer1', password: 'demo123' }),
    })
  ).json()) as { ok: boolean; data: { gameId: string; gameToken: string; serverId: string } };
  if (!login.ok) throw new Error('demo game login failed');
  return { gameId: login.data.gameId, gameToken: login.data.gameToken, serverId: login.data.serverId };
}
