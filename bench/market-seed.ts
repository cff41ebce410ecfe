/**
 * Fills a PostgreSQL database with a market of 1,000,000 listings for the list benchmark, fast:
 * the schema comes from the server's own migrations, the listings from one INSERT … SELECT over
 * generate_series with the commodities indexes dropped during the load and rebuilt after it
 * (two connections, so both cores build), then ANALYZE.
 *
 *   node --import tsx bench/market-seed.ts postgres://127.0.0.1:5432/bench_market [rows]
 *
 * It empties commodities (and what references them) first, so it refuses a database whose name
 * does not contain "bench" unless BENCH_SEED_FORCE=1.
 *
 * Distribution: 3 games (demo-legend 60 %, demo-xianxia 25 %, demo-sanguo 15 %), 20 servers per
 * game in 5 master groups (earlier servers busier), types 30 % roles / 35 % coins / 35 % props,
 * status 1 (在售) 85 % and 15 % spread over the other statuses, prices log-spread 1–100,000 元,
 * roles level 1–100 (more high levels) with role_type 1–3, coins coin_type 1–3 at a going rate
 * per type (3, 0.3 or 30 元 per 10,000, ±40 %) so coin_num follows the price, and unit_price_wan, props sub_type 1–7, sale_type 1 for 4 %, auctions 2 %,
 * published over the last 60 days.
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { migrate, openDatabase } from '../apps/server/src/platform/db/database';

export const GAMES = [
  {
    id: 'demo-legend',
    name: '传奇·演示',
    share: 0.6,
    groups: ['龙腾', '凤鸣', '麒麟', '白虎', '玄武'],
    classes: ['战士', '法师', '道士'],
    coins: ['元宝', '金币', '绑定元宝'],
  },
  {
    id: 'demo-xianxia',
    name: '仙侠·演示',
    share: 0.25,
    groups: ['青云', '昆仑', '蓬莱', '太虚', '紫霄'],
    classes: ['剑修', '法修', '体修'],
    coins: ['灵石', '仙玉', '绑定仙玉'],
  },
  {
    id: 'demo-sanguo',
    name: '三国·演示',
    share: 0.15,
    groups: ['魏国', '蜀国', '吴国', '群雄', '西凉'],
    classes: ['猛将', '谋士', '弓手'],
    coins: ['铜钱', '元宝', '绑定元宝'],
  },
] as const;

export const SERVERS_PER_GAME = 20;
const SERVERS_PER_GROUP = 4;
const NUMERALS = ['一', '二', '三', '四'];
/** Prop names by sub-type 1–7 (weapon, armour, ring, necklace, fashion, treasure, material). */
const ITEMS = [
  ['屠龙刀', '裁决之杖', '倚天剑', '诛仙剑'],
  ['天魔神甲', '圣战宝甲', '法神披风', '金刚宝甲'],
  ['麻痹戒指', '复活戒指', '护身戒指', '储物戒'],
  ['圣战项链', '法神项链', '护心玉佩', '和氏璧'],
  ['龙魂时装', '凤舞时装', '白衣胜雪', '锦衣华服'],
  ['王者之戒', '混元珠', '赤兔马', '定海神珠'],
  ['祝福油', '金条', '筑基丹', '军令状'],
].flat();
const PREFIXES = ['龙城', '沙巴克', '赤月', '屠龙', '烈火', '霸天', '青云', '昆仑', '蓬莱', '太虚', '虎威', '卧龙'];
const SUFFIXES = ['战神', '法尊', '道长', '狂刀', '剑仙', '真人', '散修', '霸主', '剑圣', '小白', '君临', '老祖'];

const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;
const sqlArray = (items: readonly string[]) => `(array[${items.map(sqlText).join(',')}])`;

function serverName(gameIndex: number, serverNumber: number): { name: string; master: string; masterName: string } {
  const game = GAMES[gameIndex]!;
  const group = Math.floor((serverNumber - 1) / SERVERS_PER_GROUP);
  const inGroup = (serverNumber - 1) % SERVERS_PER_GROUP;
  const prefix = game.groups[group]!;
  return { name: `${prefix}${NUMERALS[inGroup]}区`, master: `m${group + 1}`, masterName: `${prefix}主服` };
}

/** The INSERT … SELECT of `rows` listings, numbered from `from`. */
function listingsInsert(from: number, to: number): string {
  const serverNames = GAMES.flatMap((_, g) =>
    Array.from({ length: SERVERS_PER_GAME }, (_, s) => serverName(g, s + 1).name),
  );
  return `
insert into commodities (
  type, title, application_id, game_name, server_id, server_name, master_server_id,
  role_name, role_class_name, role_type, role_level, coin_type, coin_type_name, coin_num, unit_price_wan,
  sub_type, item_name, first_img, price_fen, sale_type, auction_enable, status, stock,
  published_at, updated_at, search_text)
select type, title, application_id, game_name, server_id, server_name, master_server_id,
  role_name, role_class_name, role_type, role_level, coin_type, coin_type_name, coin_num,
  case when type = 2 then greatest(1, price_fen * 10000 / coin_num) end,
  sub_type, item_name, first_img, price_fen, sale_type, auction_enable, status, 1,
  published_at, published_at, lower(concat_ws(' ', title, role_name, server_name))
from (
  select *,
    case type
      when 1 then role_level || '级' || role_class_name || ' ' || role_name || ' 全身装备'
      when 2 then (coin_num / 10000) || '万' || coin_type_name
      else item_name || case when stock_hint > 0.5 then ' 极品' else '' end
    end as title
  from (
    select type, status, sale_type, auction_enable, price_fen, published_at, stock_hint,
      ${sqlArray(GAMES.map((g) => g.id))}[gi] as application_id,
      ${sqlArray(GAMES.map((g) => g.name))}[gi] as game_name,
      's' || sid as server_id,
      'm' || ((sid - 1) / ${SERVERS_PER_GROUP} + 1) as master_server_id,
      ${sqlArray(serverNames)}[(gi - 1) * ${SERVERS_PER_GAME} + sid] as server_name,
      case when type = 1 then ${sqlArray(PREFIXES)}[1 + (n % 12)] || ${sqlArray(SUFFIXES)}[1 + (n / 12 % 12)] || (n % 997) end as role_name,
      case when type = 1 then ${sqlArray(GAMES.flatMap((g) => g.classes))}[(gi - 1) * 3 + kind] end as role_class_name,
      case when type = 1 then kind end as role_type,
      case when type = 1 then level end as role_level,
      case when type = 2 then kind end as coin_type,
      case when type = 2 then ${sqlArray(GAMES.flatMap((g) => g.coins))}[(gi - 1) * 3 + kind] end as coin_type_name,
      case when type = 2 then coin_num end as coin_num,
      case when type = 3 then sub end as sub_type,
      case when type = 3 then ${sqlArray(ITEMS)}[(sub - 1) * 4 + 1 + (n % 4)] end as item_name,
      'https://img.example.com/c/' || n || '.jpg' as first_img
    from (
      select n,
        case when rg < ${GAMES[0].share} then 1 when rg < ${GAMES[0].share + GAMES[1].share} then 2 else 3 end as gi,
        least(${SERVERS_PER_GAME}, 1 + floor(${SERVERS_PER_GAME} * power(rs, 1.5))::int) as sid,
        case when rt < 0.30 then 1 when rt < 0.65 then 2 else 3 end as type,
        case when rst < 0.85 then 1 when rst < 0.90 then 2 when rst < 0.93 then 0 when rst < 0.96 then 3
             when rst < 0.98 then 6 when rst < 0.99 then 9 else 7 end as status,
        greatest(100, round(100 * exp(rp * ln(100000))))::bigint as price_fen,
        1 + least(2, floor(rk * 3)::int) as kind,
        least(100, 1 + floor(100 * power(rl, 0.6))::int) as level,
        1 + least(6, floor(rl * 7)::int) as sub,
        -- A coin type has a going rate (fen per 10,000 coins) give or take 40 %: coin_num follows the price.
        greatest(10000, 10000 * round(100 * exp(rp * ln(100000)) / ((array[300, 30, 3000])[1 + least(2, floor(rk * 3)::int)]
          * (0.6 + 0.8 * rc))))::bigint as coin_num,
        case when rsale < 0.04 then 1 else 0 end as sale_type,
        case when rsale > 0.98 then 1 else 0 end as auction_enable,
        now() - rpub * interval '60 days' as published_at,
        rk as stock_hint
      from (
        select n, random() rg, random() rs, random() rt, random() rst, random() rp, random() rk,
               random() rl, random() rc, random() rsale, random() rpub
        from generate_series(${from}, ${to}) n
      ) r
    ) v
  ) w
) t`;
}

async function inParallel(url: string, lanes: string[][]): Promise<void> {
  await Promise.all(
    lanes.map(async (statements) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query("set maintenance_work_mem = '512MB'");
        await client.query('set max_parallel_maintenance_workers = 0');
        for (const s of statements) await client.query(s);
      } finally {
        await client.end();
      }
    }),
  );
}

export interface SeedResult {
  rows: number;
  onSale: number;
  seconds: { migrate: number; insert: number; indexes: number; analyze: number; total: number };
}

/** One statement's rows; the seeding runs the same statements on PostgreSQL and on PGlite. */
type Run = <R>(text: string) => Promise<{ rows: R[] }>;

/** Migrates the database at `url` and fills it with `rows` listings (see the file comment). */
export async function seedMarket(url: string, rows = 1_000_000, log = (_: string) => {}): Promise<SeedResult> {
  const dbName = new URL(url).pathname.slice(1);
  if (!dbName.includes('bench') && process.env.BENCH_SEED_FORCE !== '1')
    throw new Error(`refusing to empty commodities of "${dbName}" (name lacks "bench"; BENCH_SEED_FORCE=1 overrides)`);
  const t0 = performance.now();
  const kysely = await openDatabase({ url, dataDir: null });
  await migrate(kysely);
  await kysely.destroy();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const run: Run = async (text) => ({ rows: (await client.query(text)).rows });
    return await fill(run, (lanes) => inParallel(url, lanes), rows, log, t0);
  } finally {
    await client.end();
  }
}

/**
 * The same market in the embedded default's database (PGlite in `dataDir`, as the server opens it
 * with DATA_DIR): one connection, so the index rebuilds run one after the other.
 */
export async function seedMarketPglite(dataDir: string, rows: number, log = (_: string) => {}): Promise<SeedResult> {
  const t0 = performance.now();
  const db = await openDatabase({ dataDir });
  try {
    await migrate(db);
    const run: Run = async (text) => ({ rows: (await sql.raw(text).execute(db)).rows as never[] });
    const sequential = async (lanes: string[][]) => {
      for (const statement of lanes.flat()) await run(statement);
    };
    return await fill(run, sequential, rows, log, t0);
  } finally {
    await db.destroy();
  }
}

async function fill(
  run: Run,
  lanes: (lanes: string[][]) => Promise<void>,
  rows: number,
  log: (line: string) => void,
  t0: number,
): Promise<SeedResult> {
  const since = () => (performance.now() - t0) / 1000;
  const tMigrate = since();
  await run('truncate commodities restart identity cascade');
  const values: string[] = [];
  const servers: string[] = [];
  GAMES.forEach((g, gi) => {
    values.push(`(${sqlText(g.id)}, ${sqlText(g.name)}, '/bench/icon.png', '#', ${gi === 1}, ${100 - gi * 20})`);
    for (let s = 1; s <= SERVERS_PER_GAME; s++) {
      const n = serverName(gi, s);
      servers.push(`(${sqlText(g.id)}, 's${s}', ${sqlText(n.name)}, ${sqlText(n.master)}, ${sqlText(n.masterName)})`);
    }
  });
  await run(
    `insert into games (application_id, name, icon_url, initial, cross_server, recommend_rank)
     values ${values.join(',')} on conflict do nothing`,
  );
  await run(
    `insert into game_servers (application_id, server_id, name, master_server_id, master_server_name)
     values ${servers.join(',')} on conflict do nothing`,
  );

  // Load without the secondary indexes (a GIN index and ten b-trees kept up row by row would
  // take many minutes), then rebuild them exactly as the migrations define them.
  // The definitions are kept in a table until the rebuild is done, so a run that dies midway
  // leaves them for the next run to rebuild.
  await run('create table if not exists bench_seed_indexes (name text primary key, def text not null)');
  await run(
    `insert into bench_seed_indexes (name, def)
     select i.indexname, i.indexdef from pg_indexes i
     where i.schemaname = current_schema() and i.tablename = 'commodities'
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
     on conflict do nothing`,
  );
  const { rows: defs } = await run<{ name: string; def: string }>(
    'select name, def from bench_seed_indexes order by name',
  );
  for (const d of defs) await run(`drop index if exists ${d.name}`);
  const tInsert0 = since();
  const batch = 250_000;
  for (let from = 1; from <= rows; from += batch) {
    await run(listingsInsert(from, Math.min(rows, from + batch - 1)));
    log(`  inserted ${Math.min(rows, from + batch - 1)} listings (${since().toFixed(1)} s)`);
  }
  const tInsert = since() - tInsert0;

  // The GIN (trigram) build is the longest: on PostgreSQL it gets its own connection, the b-trees the other.
  const tIdx0 = since();
  const gin = defs.filter((d) => /using gin/i.test(d.def)).map((d) => d.def);
  const btree = defs.filter((d) => !/using gin/i.test(d.def)).map((d) => d.def);
  await lanes([gin, btree]);
  await run('drop table bench_seed_indexes');
  const tIndexes = since() - tIdx0;
  log(`  rebuilt ${defs.length} indexes (${tIndexes.toFixed(1)} s)`);

  const tAn0 = since();
  await run('vacuum analyze commodities');
  await run('analyze games, game_servers');
  const tAnalyze = since() - tAn0;
  const { rows: counts } = await run<{ total: string; on_sale: string }>(
    'select count(*) as total, count(*) filter (where status = 1) as on_sale from commodities',
  );
  return {
    rows: Number(counts[0]?.total),
    onSale: Number(counts[0]?.on_sale),
    seconds: {
      migrate: Number(tMigrate.toFixed(1)),
      insert: Number(tInsert.toFixed(1)),
      indexes: Number(tIndexes.toFixed(1)),
      analyze: Number(tAnalyze.toFixed(1)),
      total: Number(since().toFixed(1)),
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const url = process.argv[2] ?? process.env.DATABASE_URL;
  if (!url) throw new Error('usage: market-seed.ts postgres://…/bench_market [rows]');
  const result = await seedMarket(url, Number(process.argv[3] ?? 1_000_000), (line) => console.info(line));
  console.info(JSON.stringify(result, null, 2));
}
