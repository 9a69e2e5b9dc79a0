import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startFakeBotApi } from '../test/fakes/bot-api';
import { S3RVER_KEY, startS3 } from '../test/support/s3';

/**
 * A small production cluster on this machine: a fresh PostgreSQL database, redis-server, s3rver,
 * two compiled server instances started at the same moment, and nginx with deploy/nginx.conf; the
 * bot's updates come by webhook, its calls to Telegram go to the fake Bot API.
 */
export const root = path.resolve(import.meta.dirname, '../..');
const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
export const AUTH_RATE_LIMIT = 8;
export const PUBLIC_URL = 'https://otkrytka.example';
export const BOT_TOKEN = '123456:scale-bot-token';
export const BOT_WEBHOOK_SECRET = 'scale-webhook-secret-0123456789';

export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  json(): any;
}

let nextAddress = 10;
/** A different loopback address per caller, so each counts as its own client for rate limits. */
export const newClientAddress = () => `127.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 2}`;

/** One HTTP request over a fresh connection, from `from` (a loopback address). */
export function request(
  port: number,
  method: string,
  url: string,
  o: { body?: unknown; raw?: Buffer; headers?: Record<string, string>; token?: string; from?: string } = {},
): Promise<Reply> {
  const payload = o.raw ?? (o.body === undefined ? undefined : Buffer.from(JSON.stringify(o.body)));
  const headers: Record<string, string> = {
    ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
    ...(payload ? { 'content-length': String(payload.length) } : {}),
    ...o.headers,
  };
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent: false, localAddress: o.from ?? '127.0.0.1' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body.toString()) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): ChildProcess {
  return spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
}

async function waitFor(what: string, check: () => Promise<boolean>, child?: ChildProcess, ms = 90_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not come up in ${ms} ms`);
}

export interface Instance {
  name: string;
  port: number;
  child: ChildProcess;
  stderr: () => string;
}

export async function startCluster() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'otkrytka-scale-'));
  const cleanups: (() => Promise<void> | void)[] = [];
  const cleanup = async () => {
    for (const c of cleanups.reverse()) await Promise.resolve(c()).catch(() => {});
    fs.rmSync(work, { recursive: true, force: true });
  };
  try {
    // PostgreSQL: a fresh, empty database
    const dbName = `scale_${crypto.randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect().catch((err: Error) => {
      throw new Error(`the scale suite needs PostgreSQL at ${ADMIN_URL} (set TEST_DATABASE_URL): ${err.message}`);
    });
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const dbUrl = new URL(ADMIN_URL);
    dbUrl.pathname = `/${dbName}`;
    const databaseUrl = dbUrl.toString();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    });

    // Redis
    const redisPort = await freePort();
    const redis = run('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
    cleanups.push(() => void redis.kill('SIGKILL'));
    await waitFor('redis-server', async () => (await portOpen(redisPort)), redis, 20_000);

    // S3
    const s3 = await startS3();
    cleanups.push(() => s3.close());

    // the Bot API's stand-in: the instances take the bot's updates by webhook
    const botApi = await startFakeBotApi();
    cleanups.push(() => botApi.close());

    // the compiled server
    execFileSync('npm', ['run', 'build', '-w', 'server'], { cwd: root, stdio: 'ignore' });

    const ports = [await freePort(), await freePort()];
    const env = (port: number): NodeJS.ProcessEnv => ({
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: path.join(work, `data-${port}`),
      DATABASE_URL: databaseUrl,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: S3RVER_KEY.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY.secretAccessKey,
      TRUST_PROXY: '1',
      SEED_DEMO: 'false',
      AUTH_RATE_LIMIT: String(AUTH_RATE_LIMIT),
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(work, 'no-web'),
      SHUTDOWN_GRACE_MS: '5000',
      PUBLIC_URL: PUBLIC_URL,
      BOT_TOKEN: BOT_TOKEN,
      BOT_API_ROOT: botApi.url,
      BOT_WEBHOOK_SECRET: BOT_WEBHOOK_SECRET,
    });
    // both at the same moment, on the empty database
    const instances: Instance[] = ports.map((port, i) => {
      const child = run(process.execPath, ['server/dist/main.mjs'], env(port));
      let err = '';
      child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
      cleanups.push(() => void (child.exitCode === null && child.kill('SIGKILL')));
      return { name: 'AB'[i]!, port, child, stderr: () => err };
    });
    await Promise.all(
      instances.map((s) => waitFor(`instance ${s.name}`, async () => (await request(s.port, 'GET', '/api/ready')).status === 200, s.child)),
    );

    // nginx with the recommended config, pointed at these instances
    const lb = await startNginx(work, ports);
    cleanups.push(lb.stop);
    const lbPort = lb.port;

    return { lbPort, instances, databaseUrl, work, botApi, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

export const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

/** nginx running deploy/nginx.conf with its upstream pointed at `ports` (first two lines; more are added). */
export async function startNginx(work: string, ports: number[]) {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(work, 'nginx-'));
  const upstream = ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n');
  const original = fs.readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
  const site = original
    .replace(/^\s*server 127\.0\.0\.1:3001 .*\n\s*server 127\.0\.0\.1:3002 .*$/m, upstream)
    .replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${port};`);
  if (site === original || !site.includes(`127.0.0.1:${port};`) || !site.includes(upstream)) throw new Error('deploy/nginx.conf changed shape');
  fs.writeFileSync(path.join(dir, 'otkrytka.conf'), site);
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
worker_processes 1;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  include ${dir}/otkrytka.conf;
}
`,
  );
  const bin = fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
  const nginx = run(bin, ['-c', conf, '-e', `${dir}/error.log`]);
  await waitFor('nginx', async () => (await request(port, 'GET', '/api/ready')).status === 200, nginx, 20_000);
  return { port, pid: nginx.pid!, stop: () => void nginx.kill('SIGQUIT') };
}
