/**
 * `npx tsx scripts/bench/viewer-bytes.ts [base]`: the bytes of the viewer's first screen on a phone.
 * Opens the newest gallery postcards in the viewer (`/mychannels/9/{id}`, cold cache, 390×844) at
 * device pixel ratios 2 and 3, waits until the network is quiet, and sums what came over the wire
 * by kind (encoded body bytes: pictures, video, scripts, styles, API). Beside it: what the same cards'
 * original uploads weigh, which the viewer loaded before it had renditions.
 */
import { chromium } from 'playwright-core';

const [base = 'http://127.0.0.1:3000'] = process.argv.slice(2);
const CARDS = Number(process.env.CARDS ?? 5);

interface Card {
  id: number;
  media_kind: string;
  image_url: string;
}
const gallery = (await (await fetch(`${base}/api/gallery?sort=newest`)).json()) as { items?: Card[] } | Card[];
const cards = (Array.isArray(gallery) ? gallery : (gallery.items ?? [])).slice(0, CARDS);
if (!cards.length) throw new Error('the gallery is empty: start the server with the demo content');

const originalBytes = async (url: string) => Number((await fetch(base + url, { method: 'HEAD' })).headers.get('content-length') ?? 0);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
for (const dpr of [2, 3]) {
  const totals: Record<string, number[]> = { pictures: [], video: [], scripts: [], styles: [], api: [], all: [] };
  for (const card of cards) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: dpr, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const bytes: Record<string, number> = { pictures: 0, video: 0, scripts: 0, styles: 0, api: 0, all: 0 };
    page.on('requestfinished', async (req) => {
      const res = await req.response();
      if (!res) return;
      // bytes on the wire: the encoded (compressed) body
      const size = (await req.sizes().catch(() => ({ responseBodySize: 0 }))).responseBodySize;
      const type = res.headers()['content-type'] ?? '';
      const kind = type.startsWith('image/')
        ? 'pictures'
        : type.startsWith('video/')
          ? 'video'
          : type.includes('javascript')
            ? 'scripts'
            : type.includes('css')
              ? 'styles'
              : type.includes('json')
                ? 'api'
                : null;
      if (kind) bytes[kind]! += size;
      bytes.all! += size;
    });
    await page.goto(`${base}/mychannels/9/${card.id}`, { waitUntil: 'networkidle' });
    for (const k of Object.keys(totals)) totals[k]!.push(bytes[k]!);
    await context.close();
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(
    `DPR ${dpr}: median over ${cards.length} cards: pictures ${kb(median(totals.pictures!))}, video ${kb(median(totals.video!))}, ` +
      `scripts ${kb(median(totals.scripts!))}, styles ${kb(median(totals.styles!))}, API ${kb(median(totals.api!))}; all ${kb(median(totals.all!))}`,
  );
}
const originals = await Promise.all(cards.map((c) => originalBytes(c.image_url)));
console.log(`originals of the same cards: median ${kb(originals.sort((a, b) => a - b)[Math.floor(originals.length / 2)]!)} each (${cards.map((c) => c.media_kind).join(', ')})`);
await browser.close();
