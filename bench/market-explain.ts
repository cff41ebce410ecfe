/**
 * EXPLAIN check of the commodity list: for every case of market-cases.ts, runs
 * EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) of the very SQL the server sends (listCommoditiesSql)
 * and checks the plan reads an index in the order of the sort: no Seq Scan on commodities, no
 * Sort over more than SORT_LIMIT rows (a top-N sort of the whole on-sale set is what the
 * per-sort indexes of migration 0012 exist to avoid).
 *
 *   node --import tsx bench/market-explain.ts postgres://…/bench_market
 */
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { listCommoditiesSql } from '../apps/server/src/modules/exchange/commodity.queries';
import { openDatabase } from '../apps/server/src/platform/db/database';
import { listQueryOf, MARKET_CASES } from './market-cases';

/** A Sort reading more rows than this is a sort of (a large part of) the on-sale set. */
const SORT_LIMIT = 5_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Sort Method'?: string;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

export interface ExplainRow {
  name: string;
  gap: string | undefined;
  sort: string;
  page: number;
  indexes: string[];
  planMs: number;
  execMs: number;
  rowsRead: number;
  ok: boolean;
  problems: string[];
  plan: string;
}

function walk(node: PlanNode, visit: (n: PlanNode) => void): void {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

/** One line per node, indented, for the report of a failing case. */
function planText(node: PlanNode, depth = 0): string {
  const what = [node['Node Type'], node['Index Name'] ?? node['Relation Name'] ?? '', node['Sort Method'] ?? '']
    .filter(Boolean)
    .join(' ');
  const rows = node['Actual Rows'] !== undefined ? ` rows=${node['Actual Rows']}×${node['Actual Loops']}` : '';
  return [`${'  '.repeat(depth)}${what}${rows}`, ...(node.Plans ?? []).map((c) => planText(c, depth + 1))].join('\n');
}

export async function explainMarket(url: string, pages: number[] = [1, 5]): Promise<ExplainRow[]> {
  const kysely = await openDatabase({ url, dataDir: null });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const out: ExplainRow[] = [];
  try {
    for (const c of MARKET_CASES) {
      // A known gap is slow by definition: its first page tells enough.
      for (const page of c.gap ? pages.slice(0, 1) : pages) {
        const q = listQueryOf(c, page);
        const indexes = new Set<string>();
        const problems: string[] = [];
        let rowsRead = 0;
        let planMs = 0;
        let execMs = 0;
        const plans: string[] = [];
        // One statement, or two for own-server-first across a group: each is checked.
        for (const compiled of listCommoditiesSql(kysely, q)) {
          const explain = `explain (analyze, buffers, format json) ${compiled.sql}`;
          await client.query(explain, compiled.parameters as unknown[]); // warm the cache, as under load
          const { rows } = await client.query(explain, compiled.parameters as unknown[]);
          const top = (
            rows[0] as { 'QUERY PLAN': Array<{ Plan: PlanNode; 'Planning Time': number; 'Execution Time': number }> }
          )['QUERY PLAN'][0]!;
          planMs += top['Planning Time'];
          execMs += top['Execution Time'];
          plans.push(planText(top.Plan));
          walk(top.Plan, (n) => {
            if (n['Index Name']) indexes.add(n['Index Name']);
            if (n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'commodities')
              problems.push('Seq Scan on commodities');
            if (/Scan$/.test(n['Node Type']) && n['Node Type'] !== 'Bitmap Index Scan')
              rowsRead += ((n['Actual Rows'] ?? 0) + (n['Rows Removed by Filter'] ?? 0)) * (n['Actual Loops'] ?? 1);
            if (n['Node Type'] === 'Sort' || n['Node Type'] === 'Incremental Sort') {
              const input = (n.Plans ?? []).reduce((s, p) => s + (p['Actual Rows'] ?? 0) * (p['Actual Loops'] ?? 1), 0);
              if (input > SORT_LIMIT) problems.push(`${n['Node Type']} of ${input} rows (${n['Sort Method'] ?? ''})`);
            }
          });
        }
        if (indexes.size === 0) problems.push('no index used');
        out.push({
          gap: c.gap,
          name: c.name,
          sort: q.sort,
          page,
          indexes: [...indexes],
          planMs,
          execMs,
          rowsRead,
          ok: problems.length === 0,
          problems,
          plan: plans.join('\n+ '),
        });
      }
    }
  } finally {
    await client.end();
    await kysely.destroy();
  }
  return out;
}

export function printExplain(rows: ExplainRow[]): void {
  const lines = rows.map((r) => ({
    case: `${r.name} p${r.page}`,
    index: r.indexes.join(' + ').replace(/commodities_/g, ''),
    'plan+exec ms': (r.planMs + r.execMs).toFixed(2),
    'rows read': r.rowsRead,
    check: r.ok ? 'ok' : `${r.gap ? 'KNOWN GAP' : 'FAIL'}: ${r.problems.join('; ')}`,
  }));
  const keys = Object.keys(lines[0] ?? {}) as Array<keyof (typeof lines)[number]>;
  const width = keys.map((k) => Math.max(k.length, ...lines.map((l) => String(l[k]).length)));
  const row = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(width[i] ?? 0)).join(' | ')} |`;
  console.info(row(keys));
  console.info(row(width.map((w) => '-'.repeat(w))));
  for (const l of lines) console.info(row(keys.map((k) => String(l[k]))));
  for (const r of rows.filter((x) => !x.ok && x.page === 1))
    console.info(`\n${r.name}${r.gap ? ` (known gap: ${r.gap})` : ''}:\n${r.plan}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const url = process.argv[2] ?? process.env.DATABASE_URL;
  if (!url) throw new Error('usage: market-explain.ts postgres://…/bench_market');
  const rows = await explainMarket(url);
  printExplain(rows);
  if (rows.some((r) => !r.ok && !r.gap)) process.exitCode = 1;
}
