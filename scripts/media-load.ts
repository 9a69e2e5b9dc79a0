/**
 * `npx tsx scripts/media-load.ts`: with four worst-case animated uploads in flight (300 frames, the
 * frame limit, random pixels), how fast another client gets `GET /media/...` and `GET /api/gallery`.
 * Prints p50/p99 of each and the machine's load; the target is p99 ≤ 200 ms.
 */
import crypto from 'node:crypto';
import { execSync } from 'node:child_process';
import sharp from 'sharp';
import { startServer } from './bench/setup';

const FRAMES = Number(process.env.FRAMES ?? 300);
const SIZE = Number(process.env.SIZE ?? 100);
const UPLOADS = 4;

const gif = (seed: number) =>
  sharp(crypto.randomBytes(SIZE * SIZE * FRAMES * 3), { raw: { width: SIZE, height: SIZE * FRAMES, channels: 3, pageHeight: SIZE } })
    .gif({ delay: 10, effort: 1 })
    .toBuffer()
    .then((b) => (console.error(`  … gif ${seed}: ${b.length} bytes`), b));

async function register(url: string, n: string) {
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: `load${n}`, email: `load${n}@example.com`, password: 'correct-horse-9', agreement: true }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

function upload(url: string, token: string, data: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type: 'image/gif' }), name);
  return fetch(`${url}/api/uploads/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? 0;

const gifs = await Promise.all(Array.from({ length: UPLOADS }, (_, i) => gif(i)));
const server = await startServer();
try {
  const { url } = server;
  const uploaders = await Promise.all(Array.from({ length: UPLOADS }, (_, i) => register(url, `u${i}${Date.now()}`)));
  const reader = await register(url, `r${Date.now()}`);
  const small = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#c33' } }).jpeg().toBuffer();
  const own = (await (await upload(url, reader, small, 'small.jpg')).json()) as { cloud_url: string; thumbnail_url: string };

  // warm: the first read of a file and the first gallery query are not what is measured
  for (const path of [own.thumbnail_url, '/api/gallery']) await (await fetch(`${url}${path}`)).arrayBuffer();
  const timings = { media: [] as number[], gallery: [] as number[] };
  let inFlight = UPLOADS;
  const started = Date.now();
  const heavy = gifs.map((g, i) =>
    upload(url, uploaders[i]!, g, `worst${i}.gif`)
      .then(async (r) => console.error(`  … upload ${i}: ${r.status} after ${Date.now() - started} ms ${r.status >= 400 ? await r.text() : ''}`))
      .finally(() => (inFlight -= 1)),
  );
  await new Promise((r) => setTimeout(r, 200));
  while (inFlight > 0) {
    for (const [name, path] of [['media', own.thumbnail_url], ['gallery', '/api/gallery']] as const) {
      const t0 = performance.now();
      const res = await fetch(`${url}${path}`);
      await res.arrayBuffer();
      timings[name].push(performance.now() - t0);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  await Promise.all(heavy);
  const line = (name: 'media' | 'gallery') =>
    `${name === 'media' ? 'GET /media/…     ' : 'GET /api/gallery '} n=${timings[name].length} p50 ${pct(timings[name], 50).toFixed(1)} ms · p99 ${pct(timings[name], 99).toFixed(1)} ms ${pct(timings[name], 99) <= 200 ? '✓' : '✗'} (target ≤ 200 ms)`;
  console.log(`\n${UPLOADS} uploads of ${FRAMES}×${SIZE}×${SIZE} GIFs in flight for ${Date.now() - started} ms`);
  console.log(line('media'));
  console.log(line('gallery'));
  console.log(`uptime: ${execSync('uptime').toString().trim()}`);
} finally {
  await server.close();
}
