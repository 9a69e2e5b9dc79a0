/**
 * `npm run bench`: the figures of the performance issues, from one run on this machine.
 *   (1) the mixed workload (gallery pages, viewer, shell reads, 2% writes by 1,000 users) beside the
 *       bare JSON route, cache off and on, at 100,000 and 1,000,000 postcards, SQLite and PostgreSQL
 *   (2) the targets, as ratios from this run
 *   (3) /gallery and /greeting/{id}: JavaScript and CSS (gzip), Lighthouse mobile score and LCP
 *   (5) cold start: /api/health after start, idle memory
 *   (6) search (opt-in, BENCH_PARTS=search): a search's p95 against a plain gallery page's p95 in
 *       the same run, SQLite and PostgreSQL (scripts/bench/search.ts)
 * How each is measured: scripts/BENCH.md. BENCH_QUICK=1: 10,000 postcards, SQLite only, no web
 * figures (a check that the bench runs). BENCH_PARTS=api,web,cold runs only the parts named.
 */
import os from 'node:os';
import { coldStart } from './bench/cold-start';
import { DEFAULT_MIXED, type ScenarioFigures, scenario } from './bench/mixed';
import { printSearch, type SearchFigures, searchScenario } from './bench/search';
import { type PageFigures, webFigures } from './bench/web';

const quick = !!process.env.BENCH_QUICK;
const parts = new Set((process.env.BENCH_PARTS ?? 'api,web,cold').split(','));
const started = Date.now();
const loads: string[] = [];
const uptime = () => os.loadavg().map((x) => x.toFixed(1)).join(' ');
const log = (s: string) => {
  loads.push(uptime());
  console.error(`  … ${s} (load ${uptime()})`);
};
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const mark = (ok: boolean) => (ok ? '✓' : '✗');
const ms = (x: number) => `${x.toFixed(2)} ms`;

const sizes = quick ? [10_000] : [100_000, 1_000_000];
const databases = quick ? (['sqlite'] as const) : (['sqlite', 'postgres'] as const);
const opts = quick ? { ...DEFAULT_MIXED, seconds: 1, rounds: 1, serialSeconds: 1 } : DEFAULT_MIXED;

const results: ScenarioFigures[] = [];
if (parts.has('api')) {
  for (const database of databases) {
    for (const n of sizes) {
      const r = await scenario(database, n, opts, log);
      results.push(r);
      const f = (x: { rps: number; p50: number; p99: number }) => `${x.rps.toFixed(0)} req/s p50 ${ms(x.p50)} p99 ${ms(x.p99)}`;
      log(`${database} ${n}: bare ${f(r.bare)} · cache off ${f(r.cacheOff)} · cache on ${f(r.cacheOn)} · one connection p50 ${ms(r.serialP50)}`);
    }
  }
}
const web = quick || !parts.has('web') ? undefined : await webFigures(log);
const cold = parts.has('cold') ? await coldStart(log) : undefined;
const searches: SearchFigures[] = [];
if (parts.has('search')) {
  for (const database of databases) for (const n of sizes) searches.push(await searchScenario(database, n, quick ? 2 : 10, log));
}

const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
console.log(`\nOtkrytka benchmark — ${cpu}, ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 16)}Z`);
if (results.length) {
console.log(`\n(1) mixed workload, ${opts.connections} connections, median of ${opts.rounds} alternating ${opts.seconds}-second rounds (req/s · p50 · p99 · server CPU per request)`);
for (const r of results) {
  const row = (name: string, x: { rps: number; p50: number; p99: number; cpuUs: number }) =>
    `    ${name.padEnd(10)} ${x.rps.toFixed(0).padStart(6)} req/s · p50 ${ms(x.p50)} · p99 ${ms(x.p99)} · ${x.cpuUs.toFixed(0)} µs CPU`;
  console.log(`  ${r.database} · ${r.postcards.toLocaleString('en')} postcards (filled in ${r.fillSeconds.toFixed(0)} s) · writes ${(r.writeShare * 100).toFixed(1)}% of requests`);
  console.log(row('bare route', r.bare));
  console.log(row('cache off', r.cacheOff));
  console.log(row('cache on', r.cacheOn));
  console.log(`    one connection, cache off: p50 ${ms(r.serialP50)}`);
}

const find = (db: string, n: number) => results.find((r) => r.database === db && r.postcards === n)!;
const base = find('sqlite', sizes[0]!);
console.log('\n(2) targets, as ratios from this run');
const ratio = base.cacheOff.rps / base.bare.rps;
console.log(`  mixed traffic, cache off ÷ bare route (SQLite, ${sizes[0]!.toLocaleString('en')}): ${ratio.toFixed(2)} ${mark(ratio >= 0.6)} (target ≥ 0.6); server CPU per request bare ÷ mixed: ${(base.bare.cpuUs / base.cacheOff.cpuUs).toFixed(2)}; cache on ÷ bare: ${(base.cacheOn.rps / base.bare.rps).toFixed(2)}`);
for (const r of results) {
  for (const [name, x] of [['cache off', r.cacheOff], ['cache on', r.cacheOn]] as const) {
    const tail = x.p99 / x.p50;
    console.log(`  p99 ÷ p50 at ${opts.connections} connections, ${r.database} ${r.postcards.toLocaleString('en')} ${name}: ${tail.toFixed(2)} ${mark(tail <= 5)} (target ≤ 5)`);
  }
}
if (sizes.length > 1) {
  for (const db of databases) {
    const small = find(db, sizes[0]!);
    const large = find(db, sizes[1]!);
    const serial = large.serialP50 / small.serialP50;
    const loaded = large.cacheOff.p50 / small.cacheOff.p50;
    console.log(`  latency at 1,000,000 ÷ at 100,000 (${db}, cache off): one connection ${serial.toFixed(2)} ${mark(serial <= 1.2)}, p50 at ${opts.connections} connections ${loaded.toFixed(2)} ${mark(loaded <= 1.2)} (target ≤ 1.2)`);
  }
}
if (databases.length > 1) {
  for (const n of sizes) {
    const s = find('sqlite', n);
    const p = find('postgres', n);
    const off = p.cacheOff.rps / s.cacheOff.rps;
    const on = p.cacheOn.rps / s.cacheOn.rps;
    console.log(`  PostgreSQL ÷ SQLite, mixed, ${n.toLocaleString('en')}: cache off ${off.toFixed(2)} ${mark(off >= 0.5)}, cache on ${on.toFixed(2)} ${mark(on >= 0.5)} (target ≥ 0.5)`);
  }
}

}

if (web) {
  const page = (p: PageFigures, jsMax: number) =>
    console.log(
      `  ${p.path.padEnd(22)} JS ${kb(p.jsGzipBytes)} ${mark(p.jsGzipBytes <= jsMax * 1024)} (≤ ${jsMax} KB) · CSS ${kb(p.cssGzipBytes)} · Lighthouse ${p.lighthouseScore} (${p.lighthouseScores.join(', ')}) ${mark(p.lighthouseScore >= 95)} (≥ 95) · LCP ${(p.lcpMs / 1000).toFixed(2)} s ${mark(p.lcpMs <= 2000)} (≤ 2.0 s)`,
    );
  console.log('\n(3) first load on a phone (gzip; Lighthouse mobile, median of 3)');
  page(web.gallery, 110);
  page(web.greeting, 80);
}
if (cold) {
  console.log(`\n(5) cold start (${cold.command}), ${cold.starts.length} starts one after another:`);
  cold.starts.forEach((x, i) => console.log(`  start ${i + 1}: /api/health after ${x.healthMs.toFixed(0)} ms ${mark(x.healthMs <= 1500)} (target ≤ 1.5 s) · idle RSS ${x.idleRssMb.toFixed(0)} MB`));
}
if (searches.length) {
  console.log('\n(6) search: p95 of a search (a mix of 12 queries) ÷ p95 of a plain gallery page, same run, one connection, no cache');
  searches.forEach(printSearch);
}
console.log(`\nload average (1 min) during the run: ${loads.map((l) => l.split(' ')[0]).join(', ')} · now ${uptime()} · took ${Math.round((Date.now() - started) / 1000)} s`);
