import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { galleryService } from '../../server/src/modules/gallery/service';
import { fillGallery, fillUsers } from './fill';
import type { LoadPlan, LoadReport } from './mixed-client';
import { type BenchServer, startServer } from './setup';

const run = promisify(execFile);
const CLIENT_SOURCE = path.join(import.meta.dirname, 'mixed-client.ts');
let client: string | undefined;

/** The load generator compiled once to plain JavaScript: a child starts in 0.1 s instead of seconds under tsx. */
async function clientScript(): Promise<string> {
  if (!client) {
    const { build } = await import('esbuild');
    client = path.join(os.tmpdir(), `otkrytka-bench-client-${process.pid}.mjs`);
    await build({ entryPoints: [CLIENT_SOURCE], outfile: client, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'error' });
    process.on('exit', () => fs.rmSync(client!, { force: true }));
  }
  return client;
}
export const USERS = 1000;

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Runs the load generator in its own Node process against a server and returns its report. */
export async function runLoad(plan: LoadPlan): Promise<Report> {
  const file = path.join(os.tmpdir(), `otkrytka-bench-plan-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify(plan));
  try {
    // the server runs in this process, which does nothing else meanwhile: its CPU time is the server's
    const cpu = process.cpuUsage();
    const { stdout } = await run(process.execPath, [await clientScript(), file], { maxBuffer: 64 * 1024 * 1024 });
    const used = process.cpuUsage(cpu);
    const report = JSON.parse(stdout) as LoadReport;
    return { ...report, cpuUsPerRequest: (used.user + used.system) / Math.max(1, report.requests) };
  } finally {
    fs.rmSync(file, { force: true });
  }
}

type Report = LoadReport & { cpuUsPerRequest: number };

export interface Runs {
  /** medians over the rounds */
  rps: number;
  p50: number;
  p99: number;
  /** the server's CPU time per request (less disturbed by a busy machine than requests/s) */
  cpuUs: number;
  rounds: Report[];
}

const summarise = (rounds: Report[]): Runs => ({
  rps: median(rounds.map((r) => r.rps)),
  p50: median(rounds.map((r) => r.p50)),
  p99: median(rounds.map((r) => r.p99)),
  cpuUs: median(rounds.map((r) => r.cpuUsPerRequest)),
  rounds,
});

export interface ScenarioFigures {
  database: 'sqlite' | 'postgres';
  postcards: number;
  fillSeconds: number;
  /** rounds of the bare route, the mixed workload with the cache off and with it on, alternating, at `connections` */
  bare: Runs;
  cacheOff: Runs;
  cacheOn: Runs;
  /** the mixed workload on one connection, cache off: latency without queueing */
  serialP50: number;
  writeShare: number;
}

export interface MixedOptions {
  connections: number;
  seconds: number;
  rounds: number;
  serialSeconds: number;
}

export const DEFAULT_MIXED: MixedOptions = { connections: 50, seconds: 3, rounds: 3, serialSeconds: 4 };

function check(r: LoadReport, what: string) {
  if (r.errors || Object.keys(r.unexpected).length) throw new Error(`${what}: ${r.errors} connection errors, unexpected answers ${JSON.stringify(r.unexpected)}`);
}

/**
 * One database at one size: fill, then alternate the bare route and the mixed workload (cache off,
 * then on), then the mixed workload on one connection for its plain latency.
 */
export async function scenario(database: 'sqlite' | 'postgres', postcards: number, opts: MixedOptions, log: (s: string) => void): Promise<ScenarioFigures> {
  const s: BenchServer = await startServer({ postgres: database === 'postgres' });
  try {
    log(`${database}: filling ${postcards.toLocaleString('en')} postcards and ${USERS} users…`);
    const t0 = Date.now();
    const filled = await fillGallery(s.deps, postcards);
    const tokens = await fillUsers(s.deps, USERS);
    // autovacuum would vacuum and gather the statistics soon after such a fill; do it now, so it
    // does not run during the measurement (vacuum also marks pages all-visible, as on a settled table)
    if (database === 'postgres') await sql`vacuum analyze`.execute(s.deps.db);
    const fillSeconds = (Date.now() - t0) / 1000;
    const res = await fetch(s.url + '/api/gallery');
    const page = (await res.json()) as { items: unknown[] };
    if (res.status !== 200 || page.items.length !== 20) throw new Error(`gallery answered ${res.status} with ${page.items.length} items`);
    // the bare route answers a gallery page of the same size, from memory
    s.setBareBody(page);
    const url = new URL(s.url);
    const plan = (workload: LoadPlan['workload'], connections = opts.connections, seconds = opts.seconds): LoadPlan => ({
      host: url.hostname,
      port: Number(url.port),
      connections,
      seconds,
      workload,
      postcards,
      categoryIds: filled.categoryIds,
      groupIds: filled.groupIds,
      tokens,
    });
    const gallery = galleryService(s.deps);
    // warm-up: JIT, the database's page cache
    check(await runLoad(plan('mixed', 8, 3)), 'warm-up');
    const bare: Report[] = [];
    const off: Report[] = [];
    const on: Report[] = [];
    // short alternating rounds, so a machine busy with other work disturbs all three alike
    for (let i = 0; i < opts.rounds; i++) {
      log(`${database} ${postcards.toLocaleString('en')}: round ${i + 1} of ${opts.rounds} (bare, cache off, cache on)…`);
      const b = await runLoad(plan('bare'));
      check(b, 'bare route');
      bare.push(b);
      for (const [cache, into] of [[false, off], [true, on]] as const) {
        gallery.useCache(cache);
        const m = await runLoad(plan('mixed'));
        check(m, `mixed workload, cache ${cache ? 'on' : 'off'}`);
        into.push(m);
      }
    }
    gallery.useCache(false);
    const serial = await runLoad(plan('mixed', 1, opts.serialSeconds));
    check(serial, 'mixed workload, one connection');
    const all = [...off, ...on];
    const writeShare = all.reduce((a, r) => a + (r.byKind.write?.count ?? 0), 0) / all.reduce((a, r) => a + r.requests, 0);
    gallery.useCache(true);
    return { database, postcards, fillSeconds, bare: summarise(bare), cacheOff: summarise(off), cacheOn: summarise(on), serialP50: serial.p50, writeShare };
  } finally {
    await s.close();
  }
}
