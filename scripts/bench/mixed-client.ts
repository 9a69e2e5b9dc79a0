/**
 * The load generator of the mixed workload, run in a process of its own (`runLoad` in mixed.ts
 * starts it) so it does not share the server's event loop. Plain keep-alive HTTP/1.1 over sockets,
 * one request at a time per connection, every latency taken with a nanosecond clock.
 *
 * argv[2]: a JSON file with a `LoadPlan`; prints a `LoadReport` as JSON on stdout.
 */
import fs from 'node:fs';
import net from 'node:net';

export type Kind = 'bare' | 'gallery' | 'viewer' | 'shell' | 'write';

export interface LoadPlan {
  host: string;
  port: number;
  connections: number;
  seconds: number;
  /** 'bare': the bare JSON route only; 'mixed': the traffic mix below */
  workload: 'bare' | 'mixed';
  /** only this kind of request of the mix (profiling one kind) */
  only?: Kind;
  postcards: number;
  categoryIds: number[];
  groupIds: number[];
  tokens: string[];
}

export interface KindReport {
  count: number;
  p50: number;
  p99: number;
}

export interface LoadReport {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  byKind: Partial<Record<Kind, KindReport>>;
  /** unexpected answers, e.g. "500 GET /api/gallery" → count */
  unexpected: Record<string, number>;
}

/** The share of each kind of request in the mix (the shell kind makes three requests). */
// per action; the shell's three requests and a bookmark toggle's two make writes about 2% of requests
export const MIX = { write: 0.024, shell: 0.06, viewer: 0.22 } as const; // the rest: gallery pages
const SORTS = ['newest', 'popular', 'newest24h', 'popular24h'];

interface Answer {
  status: number;
  body: string;
}

/** One keep-alive connection that sends a request and reads its answer (Content-Length bodies). */
class Connection {
  private socket: net.Socket;
  private buf = Buffer.alloc(0);
  private waiting: ((a: Answer | Error) => void) | null = null;

  constructor(host: string, port: number) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk) => {
      this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
      this.parse();
    });
    this.socket.on('error', (e) => this.finish(e));
    this.socket.on('close', () => this.finish(new Error('connection closed')));
  }

  private finish(a: Answer | Error) {
    const w = this.waiting;
    this.waiting = null;
    w?.(a);
  }

  private parse() {
    const end = this.buf.indexOf('\r\n\r\n');
    if (end < 0) return;
    const head = this.buf.subarray(0, end).toString('latin1');
    const status = Number(head.slice(9, 12));
    const m = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!m && status !== 204 && status !== 304) return this.finish(new Error(`no content-length: ${head.split('\r\n')[0]}`));
    const len = m ? Number(m[1]) : 0;
    if (this.buf.length < end + 4 + len) return;
    const body = this.buf.subarray(end + 4, end + 4 + len).toString('utf8');
    this.buf = this.buf.subarray(end + 4 + len);
    this.finish({ status, body });
  }

  send(method: string, path: string, token?: string, json?: unknown): Promise<Answer> {
    const body = json === undefined ? '' : JSON.stringify(json);
    let head = `${method} ${path} HTTP/1.1\r\nhost: bench\r\n`;
    if (token) head += `authorization: Bearer ${token}\r\n`;
    if (body) head += `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n`;
    return new Promise((resolve, reject) => {
      this.waiting = (a) => (a instanceof Error ? reject(a) : resolve(a));
      this.socket.write(head + '\r\n' + body);
    });
  }

  close() {
    this.socket.destroy();
  }
}

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

function percentile(sorted: Float64Array, p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

/** A visitor browsing the gallery: one sort and filter, following next_cursor up to page 10. */
interface Browse {
  path: string;
  cursor: string | null;
  pagesLeft: number;
}

function newBrowse(plan: LoadPlan): Browse {
  const sort = pick(SORTS);
  const r = Math.random();
  const filter = r < 0.4 ? '' : r < 0.75 ? `&category=${pick(plan.categoryIds)}` : `&group=${pick(plan.groupIds)}`;
  return { path: `/api/gallery?sort=${sort}${filter}`, cursor: null, pagesLeft: 1 + Math.floor(Math.random() * 10) };
}

async function run(plan: LoadPlan): Promise<LoadReport> {
  const latencies: Record<Kind, number[]> = { bare: [], gallery: [], viewer: [], shell: [], write: [] };
  const unexpected: Record<string, number> = {};
  let errors = 0;
  const deadline = process.hrtime.bigint() + BigInt(plan.seconds * 1e9);

  async function timed(c: Connection, kind: Kind, method: string, path: string, ok: number[], token?: string, body?: unknown) {
    const t0 = process.hrtime.bigint();
    const a = await c.send(method, path, token, body);
    latencies[kind].push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (!ok.includes(a.status)) {
      const key = `${a.status} ${method} ${path.split('?')[0]!.replace(/\d+/g, '{id}')}`;
      unexpected[key] = (unexpected[key] ?? 0) + 1;
    }
    return a;
  }

  async function connection() {
    const c = new Connection(plan.host, plan.port);
    let browse: Browse | null = null;
    let seenId = 0;
    try {
      while (process.hrtime.bigint() < deadline) {
        if (plan.workload === 'bare') {
          await timed(c, 'bare', 'GET', '/bench/bare', [200]);
          continue;
        }
        const r = plan.only ? { write: 0, shell: MIX.write, viewer: MIX.write + MIX.shell, gallery: 1, bare: 1 }[plan.only] : Math.random();
        const id = seenId && Math.random() < 0.7 ? seenId : 1 + Math.floor(Math.random() * plan.postcards);
        if (r < MIX.write) {
          const token = pick(plan.tokens);
          if (Math.random() < 0.5) {
            await timed(c, 'write', 'POST', `/api/image_relations/${id}/approve`, [200], token);
          } else {
            const a = await timed(c, 'write', 'POST', '/api/bookmarks', [201, 400], token, { image_relation_id: id });
            // already bookmarked: take it back (a toggle, like the viewer's button)
            if (a.status === 400) await timed(c, 'write', 'DELETE', `/api/bookmarks/${id}`, [200], token);
          }
        } else if (r < MIX.write + MIX.shell) {
          // what the shell asks on start for a signed-in user
          const token = pick(plan.tokens);
          await timed(c, 'shell', 'GET', '/api/auth/me', [200], token);
          await timed(c, 'shell', 'GET', '/api/user-game-data/energy-status', [200], token);
          await timed(c, 'shell', 'GET', '/api/notifications/unread-count', [200], token);
        } else if (r < MIX.write + MIX.shell + MIX.viewer) {
          await timed(c, 'viewer', 'GET', `/api/image_relations/${id}`, [200]);
        } else {
          if (!browse || browse.pagesLeft <= 0) browse = newBrowse(plan);
          const path = browse.cursor ? `${browse.path}&cursor=${encodeURIComponent(browse.cursor)}` : browse.path;
          const a = await timed(c, 'gallery', 'GET', path, [200]);
          // cheap look-ups instead of parsing the whole page: the first id and the cursor at the end
          const first = /"id":(\d+)/.exec(a.body);
          if (first) seenId = Number(first[1]);
          const at = a.body.lastIndexOf('"next_cursor":"');
          browse.cursor = at >= 0 ? a.body.slice(at + 15, a.body.indexOf('"', at + 15)) : null;
          browse.pagesLeft = browse.cursor ? browse.pagesLeft - 1 : 0;
        }
      }
    } catch {
      errors++;
    } finally {
      c.close();
    }
  }

  const t0 = process.hrtime.bigint();
  await Promise.all(Array.from({ length: plan.connections }, connection));
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const all = Float64Array.from(Object.values(latencies).flat()).sort();
  const byKind: Partial<Record<Kind, KindReport>> = {};
  for (const [kind, xs] of Object.entries(latencies) as [Kind, number[]][]) {
    if (!xs.length) continue;
    const s = Float64Array.from(xs).sort();
    byKind[kind] = { count: s.length, p50: percentile(s, 0.5), p99: percentile(s, 0.99) };
  }
  return { requests: all.length, rps: all.length / seconds, p50: percentile(all, 0.5), p99: percentile(all, 0.99), errors, byKind, unexpected };
}

if (process.argv[2]) {
  const plan = JSON.parse(fs.readFileSync(process.argv[2], 'utf8')) as LoadPlan;
  process.stdout.write(JSON.stringify(await run(plan)));
}
