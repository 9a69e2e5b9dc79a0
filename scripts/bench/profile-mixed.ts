/**
 * `npx tsx scripts/bench/profile-mixed.ts [postcards] [sqlite|postgres] [gallery|viewer|shell|write]`:
 * where the server spends its CPU under the mixed workload (or only one kind of its requests) with
 * the gallery cache off. Fills a database as `npm run bench`
 * does, profiles the server (this process) with the V8 sampling profiler while the load runs, and
 * prints the functions with the most self time, then the same summed by file.
 */
import { Session } from 'node:inspector/promises';
import { galleryService } from '../../server/src/modules/gallery/service';
import { fillGallery, fillUsers } from './fill';
import type { Kind } from './mixed-client';
import { runLoad, USERS } from './mixed';
import { startServer } from './setup';

const postcards = Number(process.argv[2] ?? 100_000);
const postgres = process.argv[3] === 'postgres';
const only = process.argv[4] as Kind | undefined;
const s = await startServer({ postgres });
try {
  const filled = await fillGallery(s.deps, postcards);
  const tokens = await fillUsers(s.deps, USERS);
  const url = new URL(s.url);
  const plan = (seconds: number) => ({
    host: url.hostname,
    port: Number(url.port),
    connections: 50,
    seconds,
    workload: 'mixed' as const,
    only,
    postcards,
    categoryIds: filled.categoryIds,
    groupIds: filled.groupIds,
    tokens,
  });
  galleryService(s.deps).useCache(false);
  await runLoad(plan(3)); // warm-up
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  const report = await runLoad(plan(6));
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  console.log(`${report.requests} requests, ${Math.round(report.rps)} req/s, p50 ${report.p50} ms, p99 ${report.p99} ms, ${Math.round(report.cpuUsPerRequest)} µs CPU each`);
  for (const [kind, k] of Object.entries(report.byKind)) console.log(`  ${kind.padEnd(8)} ${k!.count} requests, p50 ${k!.p50.toFixed(1)} ms, p99 ${k!.p99.toFixed(1)} ms`);

  const total = profile.samples?.length ?? 1;
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  const counts = new Map<number, number>();
  for (const id of profile.samples ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
  for (const node of profile.nodes) {
    const n = counts.get(node.id) ?? 0;
    if (!n) continue;
    const f = node.callFrame;
    const file = f.url.replace(/^.*\/node_modules\//, '~/').replace(/^.*\/work\/main\//, '') || `(${f.functionName || 'native'})`;
    const fn = `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + n);
    const pkg = file.startsWith('~/') ? file.split('/').slice(0, file.startsWith('~/@') ? 3 : 2).join('/') : file;
    byFile.set(pkg, (byFile.get(pkg) ?? 0) + n);
  }
  const top = (m: Map<string, number>, k: number) =>
    [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([name, n]) => `${((100 * n) / total).toFixed(1).padStart(5)}%  ${name}`).join('\n');
  console.log('\nself time by function\n' + top(byFunction, 40));
  console.log('\nself time by file or package\n' + top(byFile, 30));
} finally {
  await s.close();
}
