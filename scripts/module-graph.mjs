#!/usr/bin/env node
// Which server module imports which (apps/server/src/modules/<m>; platform/ and app.ts as one node
// each), and every import cycle between modules. `--edge a>b` lists the imports behind one edge.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const src = path.join(root, 'apps/server/src');
const walk = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
const moduleOf = (file) => {
  const rel = path.relative(src, file).split(path.sep);
  if (rel[0] === 'modules') return rel[1];
  return rel[0] === 'platform' ? 'platform' : 'app';
};

const edges = new Map();
for (const file of walk(src)) {
  const from = moduleOf(file);
  for (const [, spec] of fs.readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
    const to = moduleOf(path.resolve(path.dirname(file), spec));
    if (to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    const targets = edges.get(from);
    if (!targets.has(to)) targets.set(to, []);
    targets.get(to).push(`${path.relative(src, file)} → ${spec}`);
  }
}

const edgeAt = process.argv.indexOf('--edge');
if (edgeAt !== -1) {
  const [from, to] = process.argv[edgeAt + 1].split('>');
  for (const line of edges.get(from)?.get(to) ?? []) console.log(line);
  process.exit(0);
}

// platform and app compose everything; only cycles among modules are listed.
const modules = [...edges.keys()].filter((m) => m !== 'platform' && m !== 'app').sort();
for (const m of modules) console.log(`${m} → ${[...edges.get(m).keys()].sort().join(', ')}`);
const cycles = new Set();
const visit = (start, node, trail) => {
  for (const next of edges.get(node)?.keys() ?? []) {
    if (next === 'platform' || next === 'app') continue;
    if (next === start) cycles.add([...trail, start].join(' → '));
    else if (!trail.includes(next) && next > start) visit(start, next, [...trail, next]);
  }
};
for (const m of modules) visit(m, m, [m]);
console.log(cycles.size ? `\n${cycles.size} cycle(s):\n${[...cycles].join('\n')}` : '\nno cycles between modules');
