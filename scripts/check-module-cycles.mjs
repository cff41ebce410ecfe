#!/usr/bin/env node
// Server modules depend on each other one way: this collapses every import (type-only ones too)
// of apps/server/src/modules/<m>/ to its module folder and fails on any cycle between folders
// (games ↔ consignment, market → games → consignment → market, …). A cycle inside one folder is
// the folder's own business. `--graph` prints who depends on whom.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const modules = path.join(root, 'apps/server/src/modules');

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const moduleOf = (file) => path.relative(modules, file).split(path.sep)[0];
const edges = new Map(); // module → Map(dependency → first file that imports it)
for (const file of walk(modules)) {
  const from = moduleOf(file);
  if (!edges.has(from)) edges.set(from, new Map());
  const text = fs.readFileSync(file, 'utf8');
  for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
    const target = path.resolve(path.dirname(file), specifier);
    if (!target.startsWith(modules + path.sep)) continue;
    const to = moduleOf(target);
    if (to !== from && !edges.get(from).has(to)) edges.get(from).set(to, path.relative(root, file));
  }
}

// Tarjan's strongly connected components: any component of two or more modules is a cycle.
let index = 0;
const stack = [];
const state = new Map();
const cycles = [];
function visit(node) {
  state.set(node, { index, low: index, onStack: true });
  index += 1;
  stack.push(node);
  for (const next of edges.get(node)?.keys() ?? []) {
    if (!state.has(next)) {
      visit(next);
      state.get(node).low = Math.min(state.get(node).low, state.get(next).low);
    } else if (state.get(next).onStack) state.get(node).low = Math.min(state.get(node).low, state.get(next).index);
  }
  if (state.get(node).low === state.get(node).index) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      state.get(member).onStack = false;
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component.sort());
  }
}
for (const node of edges.keys()) if (!state.has(node)) visit(node);

if (process.argv.includes('--graph'))
  for (const [from, tos] of [...edges].sort()) console.info(`${from} → ${[...tos.keys()].sort().join(', ') || '—'}`);
for (const component of cycles) {
  console.error(`module cycle: ${component.join(' ↔ ')}`);
  for (const from of component)
    for (const [to, file] of edges.get(from))
      if (component.includes(to)) console.error(`  ${from} → ${to} (first in ${file})`);
}
console.info(`${cycles.length} cycle(s) between server modules`);
if (cycles.length > 0) process.exit(1);
