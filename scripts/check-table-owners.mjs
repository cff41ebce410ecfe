#!/usr/bin/env node
// Each server module owns its tables (its `<module>.tables.ts`; the platform's are in
// platform/db/platform.tables.ts). The compiler refuses a table named through the opaque handle or
// another owner's narrowed handle (decision 0046, test/table-ownership.test.ts); this catches what
// types cannot. It lists every place in apps/server/src where code names a table it does not own in
// text — a Kysely call (selectFrom, insertInto, updateTable, deleteFrom, joins), a qualified column
// ('orders.status') or raw SQL (from / join / update / into <table>), which the types do not read —
// or takes another owner's handle: an import of another owner's narrowing (`xDb`, `XDb`, `XTables`)
// or of the whole composition (src/database.ts) outside app.ts, or a handle recast
// (`as Kysely<…>`, `Kysely<any>`) outside the platform. Row types (`OrdersTable`) may be
// imported. Fails when there are more than `--max N` (default 0). Migrations and the composition
// are exempt. The demo
// (demo/src, decision 0044) owns no table: it seeds through the modules' services.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const src = path.join(root, 'apps/server/src');
const demo = path.join(root, 'demo/src');
const maxAt = process.argv.indexOf('--max');
const max = maxAt === -1 ? 0 : Number(process.argv[maxAt + 1]);
const quiet = process.argv.includes('--quiet');

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Who owns what: the keys of the `export interface XTables { … }` block of each tables file. */
const owners = new Map();
const tableFiles = walk(src).filter((file) => file.endsWith('.tables.ts'));
for (const file of tableFiles) {
  const owner = ownerOf(file);
  const block = fs.readFileSync(file, 'utf8').match(/export interface \w+Tables \{([^}]*)\}/);
  if (!block) throw new Error(`${path.relative(root, file)}: no "export interface …Tables {" block`);
  for (const [, table] of block[1].matchAll(/^\s*(\w+)\s*:/gm)) {
    if (owners.has(table)) throw new Error(`table ${table} has two owners: ${owners.get(table)} and ${owner}`);
    owners.set(table, owner);
  }
}

/** modules/<name>/… → <name>; anything under platform/ → platform; app.ts and friends → app. */
function ownerOf(file) {
  if (file.startsWith(`${demo}${path.sep}`)) return 'demo';
  const rel = path.relative(src, file).split(path.sep);
  if (rel[0] === 'modules') return rel[1];
  if (rel[0] === 'platform') return 'platform';
  return 'app';
}

/** Every table's types together, beside app.ts: only the composition may import it. */
const composition = path.join(src, 'database.ts');

const tables = [...owners.keys()].join('|');
const patterns = [
  // Kysely builders: selectFrom('t'), selectFrom('t as x'), innerJoin('t', …), selectFrom(['a', 'b'])
  new RegExp(
    String.raw`\b(?:selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin|innerJoinLateral|leftJoinLateral|table)\(\s*\[?\s*['"\`](${tables})\b`,
    'g',
  ),
  // a second table of a list: selectFrom(['a', 'b'])
  new RegExp(String.raw`\[\s*['"\`]\w+(?: as \w+)?['"\`]\s*,\s*['"\`](${tables})\b`, 'g'),
  // qualified columns: 'orders.status', sql.ref('orders.id')
  new RegExp(String.raw`['"\`](${tables})\.\w+`, 'g'),
  // raw SQL: from t / join t / update t / into t / delete from t (inside template literals or strings)
  new RegExp(String.raw`\b(?:from|join|update|into)\s+(${tables})\b(?!\s*[(:])`, 'gi'),
];
const recast = /\bKysely<\s*(?:any|unknown)\s*>|\bas\s+(?:unknown\s+as\s+)?(?:Kysely|Transaction)</;
const exempt = (file) =>
  file.includes(`${path.sep}migrations${path.sep}`) || file.endsWith('.tables.ts') || file === composition;

/**
 * Imports that hand a file another owner's handle: a value or a `…Tables` / `…Db` type from another
 * owner's tables file (its narrowing), or anything from the composition outside the app's wiring.
 */
function foreignHandles(file, owner, text) {
  const found = [];
  const imports = /import\s+(type\s+)?(\{[^}]*\}|\*\s+as\s+\w+|\w+)\s+from\s+['"]([^'"]+)['"]/g;
  for (const match of text.matchAll(imports)) {
    if (!match[3].startsWith('.')) continue;
    const target = `${path.resolve(path.dirname(file), match[3])}.ts`;
    const line = text.slice(0, match.index).split('\n').length;
    const at = { file: path.relative(root, file), line, owner };
    if (target === composition && owner !== 'app') {
      found.push({ ...at, table: 'every table', tableOwner: 'the composition, src/database.ts' });
      continue;
    }
    if (!target.endsWith('.tables.ts')) continue;
    const targetOwner = ownerOf(target);
    if (targetOwner === owner || targetOwner === 'app') continue;
    const typeOnly = match[1] !== undefined;
    const names = match[2].startsWith('{') ? match[2].slice(1, -1).split(',') : [match[2]];
    for (const raw of names) {
      const spec = raw.trim();
      if (!spec) continue;
      const isType = typeOnly || spec.startsWith('type ');
      const name = spec.replace(/^type\s+/, '').split(/\s+as\s+/)[0];
      if (isType && !/(Tables|Db)$/.test(name)) continue;
      found.push({ ...at, table: `its handle (${name})`, tableOwner: targetOwner });
    }
  }
  return found;
}

const findings = [];
for (const file of [...walk(src), ...walk(demo)]) {
  if (exempt(file)) continue;
  const owner = ownerOf(file);
  const text = fs.readFileSync(file, 'utf8');
  for (const found of foreignHandles(file, owner, text)) findings.push(found);
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    const trimmed = line.trim();
    if (trimmed.startsWith('//') || trimmed.startsWith('*') || trimmed.startsWith('/*')) return;
    // A handle cast around the narrowing names whatever it likes: only platform/db has untyped ones.
    if (owner !== 'platform' && recast.test(line))
      findings.push({
        file: path.relative(root, file),
        line: index + 1,
        owner,
        table: 'any table',
        tableOwner: 'a recast handle',
      });
    const seen = new Set();
    for (const pattern of patterns) {
      for (const match of line.matchAll(pattern)) {
        const table = match[1].toLowerCase();
        const tableOwner = owners.get(table);
        if (!tableOwner || tableOwner === owner || seen.has(table)) continue;
        seen.add(table);
        findings.push({ file: path.relative(root, file), line: index + 1, owner, table, tableOwner });
      }
    }
  });
}

if (!quiet)
  for (const f of findings) console.info(`${f.file}:${f.line}  ${f.owner} → ${f.table} (owned by ${f.tableOwner})`);
const counts = new Map();
for (const f of findings) counts.set(f.owner, (counts.get(f.owner) ?? 0) + 1);
const byOwner = [...counts].sort((a, b) => b[1] - a[1]);
console.info(
  `${findings.length} access(es) to another module's tables${byOwner.length ? `: ${byOwner.map(([m, n]) => `${m} ${n}`).join(', ')}` : ''} (allowed: ${max})`,
);
if (findings.length > max) process.exit(1);
