import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const AUTOCANNON = path.join(import.meta.dirname, '../../node_modules/.bin/autocannon');

export interface LoadResult {
  requestsPerSecond: number;
  latencyMedianMs: number;
  errors: number;
  non2xx: number;
}

/**
 * Drives a URL with autocannon in a separate process (so the load generator does not share the
 * server's event loop) and returns mean requests/s and the median latency.
 */
export async function load(url: string, opts: { connections: number; seconds: number }): Promise<LoadResult> {
  const { stdout } = await run(AUTOCANNON, ['-c', String(opts.connections), '-d', String(opts.seconds), '-j', url], { maxBuffer: 16 * 1024 * 1024 });
  const r = JSON.parse(stdout) as { requests: { average: number }; latency: { p50: number }; errors: number; non2xx: number };
  return { requestsPerSecond: r.requests.average, latencyMedianMs: r.latency.p50, errors: r.errors, non2xx: r.non2xx };
}

/**
 * Median latency of `count` requests sent one after another over one keep-alive connection,
 * measured with a microsecond clock (autocannon rounds to whole milliseconds).
 */
export async function medianLatency(url: string, count: number): Promise<number> {
  const http = await import('node:http');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const start = process.hrtime.bigint();
      http
        .get(url, { agent }, (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve(Number(process.hrtime.bigint() - start) / 1e6) : reject(new Error(`status ${res.statusCode}`))));
        })
        .on('error', reject);
    });
  for (let i = 0; i < Math.min(200, count); i++) await once();
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push(await once());
  agent.destroy();
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}
