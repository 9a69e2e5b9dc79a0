// The server's module boundaries: the rules of .dependency-cruiser.cjs (faces only, foundations
// below the modules, no file loops), then the graph of modules as a whole: a module folder is one
// node, and there must be no loop among them and at most MAX_MODULE_LAYERS layers.
import { createRequire } from 'node:module';
import { cruise } from 'dependency-cruiser';

const MAX_MODULE_LAYERS = 4;
const require = createRequire(import.meta.url);
const config = require('../.dependency-cruiser.cjs');

const result = await cruise(['server/src'], { ...config.options, validate: true, ruleSet: { forbidden: config.forbidden }, outputType: 'json' });
const { modules, summary } = JSON.parse(result.output);
const problems = summary.violations
  .filter((v) => v.rule.severity === 'error')
  .map((v) => `${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (loop: ${v.cycle.map((c) => c.name ?? c).join(' → ')})` : ''}`);

const moduleOf = (file) => /^server\/src\/modules\/([^/]+)\//.exec(file)?.[1];
const edges = new Map();
for (const m of modules) {
  const from = moduleOf(m.source);
  if (!from) continue;
  if (!edges.has(from)) edges.set(from, new Set());
  for (const d of m.dependencies) {
    const to = moduleOf(d.resolved);
    if (to && to !== from) edges.get(from).add(to);
  }
}

// layers: a module with no module below it stands in layer 1; a loop makes layers undefined
const layer = new Map();
const visiting = [];
function layerOf(name) {
  if (layer.has(name)) return layer.get(name);
  const at = visiting.indexOf(name);
  if (at >= 0) {
    problems.push(`module loop: ${[...visiting.slice(at), name].join(' → ')}`);
    return 0;
  }
  visiting.push(name);
  let own = 1;
  for (const to of edges.get(name) ?? []) own = Math.max(own, layerOf(to) + 1);
  visiting.pop();
  layer.set(name, own);
  return own;
}
for (const name of edges.keys()) layerOf(name);
const deepest = Math.max(...layer.values());
if (deepest > MAX_MODULE_LAYERS) {
  const top = [...layer].filter(([, l]) => l > MAX_MODULE_LAYERS).map(([n]) => n);
  problems.push(`modules stand in ${deepest} layers (at most ${MAX_MODULE_LAYERS}): ${top.join(', ')} too high`);
}

if (problems.length) {
  console.error(`module boundaries: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
const byLayer = [...layer].reduce((acc, [n, l]) => ((acc[l - 1] ??= []).push(n), acc), []);
console.log(`module boundaries: ${summary.totalCruised} files, ${edges.size} modules in ${deepest} layers (${byLayer.map((ns) => ns.sort().join(' ')).join(' | ')}), no loop`);
