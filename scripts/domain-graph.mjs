// The domains' import graph: which server modules (server/src/modules/*) and web features
// (web/src/features/*) import which, counted from the source. `npm run lint` runs it with --check,
// which fails when two domains import each other (docs/decisions/0030-a-fast-enforced-loop.md):
// shared code belongs in the kernel (server/src/org, lib, …; web/src/app, lib, components), not in
// a neighbour's folder. `--edges` also lists every edge with its count.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const graphs = [
  { name: 'server modules', dir: 'server/src/modules' },
  { name: 'web features', dir: 'web/src/features' },
];

function sourceFiles(dir, out = []) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.tsx?$/.test(entry)) out.push(path);
  }
  return out;
}

// Static imports and re-exports, `import type` included (a type import is still a dependency a
// reader has to follow), and dynamic `import('…')`.
const importPattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/** Edges between units of `dir` (its child folders): "a -> b" with how many imports make it. */
export function domainEdges(dir) {
  const base = resolve(root, dir);
  const unitOf = (path) => {
    const rel = relative(base, path);
    return rel.startsWith('..') ? null : rel.split('/')[0];
  };
  const edges = new Map();
  for (const file of sourceFiles(base)) {
    const from = unitOf(file);
    for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
      const to = unitOf(resolve(dirname(file), match[1]));
      if (!to || to === from) continue;
      const key = `${from} -> ${to}`;
      edges.set(key, (edges.get(key) ?? 0) + 1);
    }
  }
  return edges;
}

/** Pairs of units that import each other. */
export function mutualPairs(edges) {
  const pairs = [];
  for (const key of edges.keys()) {
    const [a, b] = key.split(' -> ');
    if (a < b && edges.has(`${b} -> ${a}`)) pairs.push(`${a} <-> ${b}`);
  }
  return pairs.sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  const listEdges = process.argv.includes('--edges');
  let tangled = 0;
  for (const { name, dir } of graphs) {
    const edges = domainEdges(dir);
    const pairs = mutualPairs(edges);
    const imports = [...edges.values()].reduce((sum, n) => sum + n, 0);
    console.log(`${name}: ${pairs.length} mutually importing pairs, ${edges.size} edges, ${imports} cross-domain imports`);
    for (const pair of pairs) console.log(`  ${pair}`);
    if (listEdges) for (const [edge, n] of [...edges].sort()) console.log(`  ${edge} (${n})`);
    tangled += pairs.length;
  }
  if (check && tangled > 0) {
    console.error(`\n${tangled} pair(s) of domains import each other: move what they share to the kernel.`);
    process.exit(1);
  }
}
