/**
 * `npx tsx scripts/bench/mixed-kinds.ts [postcards] [sqlite|postgres]`: what each kind of request of
 * the mixed workload costs on its own. Fills a database as `npm run bench` does, then runs, cache
 * off and alternating in two rounds, the whole mix, each kind alone (gallery pages, viewer loads,
 * the shell's reads, writes) and the bare route, 3 s each at 50 connections, and prints requests/s
 * and the server's CPU time per request of each.
 */
import { galleryService } from '../../server/src/modules/gallery/service';
import { fillGallery, fillUsers } from './fill';
import type { Kind, LoadPlan } from './mixed-client';
import { runLoad, USERS } from './mixed';
import { startServer } from './setup';

const postcards = Number(process.argv[2] ?? 100_000);
const s = await startServer({ postgres: process.argv[3] === 'postgres' });
try {
  const filled = await fillGallery(s.deps, postcards);
  const tokens = await fillUsers(s.deps, USERS);
  const res = await fetch(`${s.url}/api/gallery`);
  // the bare route answers a gallery page of the same size, as in `npm run bench`
  s.setBareBody(await res.json());
  const url = new URL(s.url);
  const plan = (workload: LoadPlan['workload'], only?: Kind): LoadPlan => ({
    host: url.hostname,
    port: Number(url.port),
    connections: 50,
    seconds: 3,
    workload,
    ...(only ? { only } : {}),
    postcards,
    categoryIds: filled.categoryIds,
    groupIds: filled.groupIds,
    tokens,
  });
  galleryService(s.deps).useCache(false);
  await runLoad(plan('mixed')); // warm-up
  for (let round = 1; round <= 2; round++) {
    for (const kind of ['mix', 'gallery', 'viewer', 'shell', 'write', 'bare'] as const) {
      const r = await runLoad(kind === 'bare' ? plan('bare') : plan('mixed', kind === 'mix' ? undefined : kind));
      const oddities = Object.keys(r.unexpected).length ? ` unexpected ${JSON.stringify(r.unexpected)}` : '';
      console.log(`round ${round}  ${kind.padEnd(8)} ${String(Math.round(r.rps)).padStart(6)} req/s  ${String(Math.round(r.cpuUsPerRequest)).padStart(5)} µs CPU each${oddities}`);
    }
  }
} finally {
  await s.close();
}
