/**
 * Capacity figures for the README (npx tsx server/test-scale/measure.ts): on the scale cluster
 * (PostgreSQL, Redis, s3rver, compiled instances), the CPU cost per request of the main routes on
 * one instance, idle RSS, and throughput through nginx with one and with two instances.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '../src/db';
import { makeChannel, makePostcard } from '../test/factories/collection';
import type { TestApp } from '../test/helpers';
import { newClientAddress, request, root, startCluster, startNginx } from './cluster';

const AUTOCANNON = path.join(root, 'node_modules/.bin/autocannon');
const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim() || 100);

const cpuMs = (pid: number) => {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) * TICK_MS;
};
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

function load(url: string, o: { seconds: number; connections: number; token?: string; method?: string; body?: string }) {
  const args = ['-j', '-c', String(o.connections), '-d', String(o.seconds)];
  if (o.token) args.push('-H', `authorization=Bearer ${o.token}`);
  if (o.method) args.push('-m', o.method);
  if (o.body) args.push('-H', 'content-type=application/json', '-b', o.body);
  const out = JSON.parse(execFileSync(AUTOCANNON, [...args, url], { maxBuffer: 1 << 26 }).toString());
  return { rps: out.requests.average as number, total: out.requests.total as number, non2xx: out.non2xx as number, p99: out.latency.p99 as number };
}

const cluster = await startCluster();
try {
  const [A] = cluster.instances;
  const db = createDb({ databaseUrl: cluster.databaseUrl, sqlitePath: ':memory:' }).db;
  const reg = await request(A!.port, 'POST', '/api/auth/register', {
    body: { login: 'measure', email: 'measure@example.com', password: 'correct-horse-9', agreement: true },
    from: newClientAddress(),
  });
  const token = reg.json().access_token as string;
  const userId = reg.json().user.id as number;
  const t = { db } as TestApp;
  const channel = await makeChannel(t, userId, { id: 9 });
  let postcardId = 0;
  for (let i = 0; i < 200; i++) postcardId = (await makePostcard(t, { userId, collectionId: channel.id, approved: true })).id;

  await new Promise((r) => setTimeout(r, 3000));
  console.log(`idle RSS of one instance: ${rssMb(A!.child.pid!).toFixed(0)} MB; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);

  const routes: [string, Parameters<typeof load>[1] & { path: string }][] = [
    ['GET /api/health', { path: '/api/health', seconds: 4, connections: 8 }],
    ['GET /api/gallery', { path: '/api/gallery', seconds: 4, connections: 8 }],
    ['GET /api/auth/me', { path: '/api/auth/me', seconds: 4, connections: 8, token }],
    ['GET /api/user-game-data/energy-status', { path: '/api/user-game-data/energy-status', seconds: 4, connections: 8, token }],
    ['GET /api/notifications/unread-count', { path: '/api/notifications/unread-count', seconds: 4, connections: 8, token }],
    ['POST /api/greetings', { path: '/api/greetings', seconds: 4, connections: 8, token, method: 'POST', body: JSON.stringify({ image_relations_id: postcardId }) }],
  ];
  console.log('\nCPU per request on one instance (direct, 8 connections):');
  for (const [name, o] of routes) {
    const before = cpuMs(A!.child.pid!);
    const r = load(`http://127.0.0.1:${A!.port}${o.path}`, o);
    const used = cpuMs(A!.child.pid!) - before;
    console.log(`  ${name}: ${(used / r.total).toFixed(2)} ms CPU/request, ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms, non-2xx ${r.non2xx}`);
  }

  const one = await startNginx(cluster.work, [A!.port]);
  for (const [label, port] of [['1 instance', one.port], ['2 instances', cluster.lbPort]] as const) {
    for (const [name, o] of [routes[1]!, routes[3]!]) {
      const r = load(`http://127.0.0.1:${port}${o.path}`, { ...o, seconds: 8, connections: 32 });
      console.log(`through nginx, ${label}, ${name}: ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms, non-2xx ${r.non2xx}`);
    }
  }
  one.stop();
  console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  await db.destroy();
} finally {
  await cluster.cleanup();
}
