import { fillGallery } from './fill';
import { load, medianLatency } from './load';
import { startServer } from './setup';

export const GALLERY_PATH = '/api/gallery';
const LATENCY_SAMPLES = 2000;
const ROUNDS = 3;
const ROUND_SECONDS = 5;

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

export interface ApiFigures {
  galleryRps: number;
  bareRps: number;
  rpsRatio: number;
  medianMs10k: number;
  medianMs100k: number;
  latencyRatio: number;
}

async function withGallery<T>(count: number, fn: (url: string) => Promise<T>): Promise<T> {
  const s = await startServer();
  try {
    await fillGallery(s.deps, count);
    const res = await fetch(s.url + GALLERY_PATH);
    const page = (await res.json()) as { items: unknown[] };
    if (res.status !== 200 || page.items.length !== 20) throw new Error(`gallery answered ${res.status} with ${page.items.length} items`);
    // the bare route answers the very same page, from memory
    s.setBareBody(page);
    // warm up: JIT, SQLite page cache
    await load(s.url + GALLERY_PATH, { connections: 4, seconds: 2 });
    return await fn(s.url);
  } finally {
    await s.close();
  }
}

/**
 * (a) gallery requests/s at 100,000 postcards beside a bare JSON route of the same app answering
 *     the same page from memory (10 connections, autocannon in its own process);
 * (b) the gallery's median latency (one connection, requests one after another) at 10,000 and at
 *     100,000 postcards.
 */
export async function apiFigures(log: (s: string) => void): Promise<ApiFigures> {
  log('filling 10,000 postcards and measuring latency…');
  const medianMs10k = await withGallery(10_000, (url) => medianLatency(url + GALLERY_PATH, LATENCY_SAMPLES));
  log('filling 100,000 postcards and measuring latency and throughput…');
  return withGallery(100_000, async (url) => {
    const medianMs100k = await medianLatency(url + GALLERY_PATH, LATENCY_SAMPLES);
    // alternate short rounds so a busy machine disturbs both routes alike; medians of the rounds
    const bare: number[] = [];
    const gallery: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const [path, into] of [['/bench/bare', bare], [GALLERY_PATH, gallery]] as const) {
        const r = await load(url + path, { connections: 10, seconds: ROUND_SECONDS });
        if (r.errors || r.non2xx) throw new Error(`${path}: errors under load`);
        into.push(r.requestsPerSecond);
      }
    }
    const galleryRps = median(gallery);
    const bareRps = median(bare);
    return {
      galleryRps,
      bareRps,
      rpsRatio: galleryRps / bareRps,
      medianMs10k,
      medianMs100k,
      latencyRatio: medianMs100k / Math.max(medianMs10k, 0.001),
    };
  });
}
