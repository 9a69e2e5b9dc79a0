/// <reference lib="dom" />
/**
 * `npx tsx scripts/bench/page-timing.ts <url> <login> <password>`: how long a signed-in page takes to show
 * its content on a warm load (scripts and styles cached, the user saved from the last visit). For each
 * page: a first visit to warm the cache, then 5 loads; the time from navigation start until the main
 * area shows a loaded picture or some text, and no spinner is left. Prints the median per page.
 */
import { chromium } from 'playwright-core';

const [base = 'http://127.0.0.1:3000', login = 'demo', password = process.env.DEMO_PASSWORD ?? ''] = process.argv.slice(2);
const PAGES = ['/gallery', '/mychannels', '/mychannels/{channel}', '/congratulations', '/game-data', '/game-data?tab=notifications', '/bookmarks'];
const RUNS = Number(process.env.RUNS ?? 5);

const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login, password }) });
if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
const { access_token: token, user } = (await res.json()) as { access_token: string; user: unknown };
const channels = (await (await fetch(`${base}/api/channels/my`, { headers: { authorization: `Bearer ${token}` } })).json()) as { items?: { id: number }[] } | { id: number }[];
const channel = (Array.isArray(channels) ? channels : (channels.items ?? []))[0]?.id ?? 1;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
await context.addInitScript(
  ([t, u]) => {
    localStorage.setItem('access_token', t);
    localStorage.setItem('session_user', u);
  },
  [token, JSON.stringify(user)] as const,
);
const page = await context.newPage();

/** ms since navigation start when the page's main area has content and nothing is loading */
const contentShown = () =>
  page.waitForFunction(
    () => {
      const main = document.querySelector('main');
      if (!main) return false;
      const pictures = [...main.querySelectorAll('img')].some((img) => img.complete && img.naturalWidth > 0);
      if (!pictures && (main.textContent ?? '').trim().length < 40) return false;
      if (document.querySelector('[role="status"][aria-busy="true"], .animate-spin')) return false;
      return performance.now();
    },
    undefined,
    { polling: 'raf', timeout: 15_000 },
  );

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const p of PAGES) {
  const url = base + p.replace('{channel}', String(channel));
  await page.goto(url);
  await contentShown();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await page.goto(url);
    times.push(Math.round(Number(await (await contentShown()).jsonValue())));
  }
  console.log(`${p.padEnd(32)} median ${median(times)} ms  (${times.join(', ')})`);
}
await browser.close();
