import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { seedDemo } from '../../server/src/seed';
import { median } from './mixed';
import { startServer } from './setup';

const run = promisify(execFile);
const ROOT = path.join(import.meta.dirname, '../..');
export const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The system Chromium, headless, never updating or phoning home (docs/ARCHITECTURE.md). */
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface PageFigures {
  path: string;
  jsGzipBytes: number;
  cssGzipBytes: number;
  /** the median of the runs (Lighthouse varies from run to run) */
  lighthouseScore: number;
  lighthouseScores: number[];
  /** Largest Contentful Paint in Lighthouse's simulated model, median of the runs (ms) */
  lcpMs: number;
}

export interface WebFigures {
  gallery: PageFigures;
  greeting: PageFigures;
}
// BENCH_LIGHTHOUSE_RUNS=0: byte counts only
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

/** Gzip size (level 9, as a static pre-compressor would store it) of every script and stylesheet a page loads. */
async function assetBytes(url: string) {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.filter((f) => f !== '--headless=new') });
  try {
    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    const bodies: Promise<{ type: string; bytes: number }>[] = [];
    page.on('response', (res) => {
      const type = res.request().resourceType();
      if (type === 'script' || type === 'stylesheet') {
        bodies.push(res.body().then((b) => ({ type, bytes: zlib.gzipSync(b, { level: 9 }).length })));
      }
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const all = await Promise.all(bodies);
    const sum = (t: string) => all.filter((x) => x.type === t).reduce((a, x) => a + x.bytes, 0);
    return { jsGzipBytes: sum('script'), cssGzipBytes: sum('stylesheet') };
  } finally {
    await browser.close();
  }
}

/** Lighthouse's mobile performance score (its default: a mid-range phone on a slow 4G network, simulated). */
async function lighthouseRun(url: string): Promise<{ score: number; lcpMs: number }> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
    if (process.env.BENCH_LHR) (await import('node:fs')).writeFileSync(process.env.BENCH_LHR, JSON.stringify(result?.lhr));
    const score = result?.lhr.categories.performance?.score;
    if (typeof score !== 'number') throw new Error('Lighthouse gave no performance score');
    const lcpMs = result?.lhr.audits['largest-contentful-paint']?.numericValue ?? NaN;
    return { score: Math.round(score * 100), lcpMs };
  } finally {
    chrome.kill();
  }
}

async function measurePage(url: string, path: string, log: (s: string) => void): Promise<PageFigures> {
  log(`measuring the JavaScript and CSS of ${path}…`);
  const assets = await assetBytes(url + path);
  const runs: { score: number; lcpMs: number }[] = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
    log(`running Lighthouse (mobile) on ${path}, ${i + 1} of ${LIGHTHOUSE_RUNS}…`);
    runs.push(await lighthouseRun(url + path).catch((e: unknown) => {
      // a run now and then ends without a score (the browser it launched went away): one more try
      log(`Lighthouse run failed (${e instanceof Error ? e.message : String(e)}), once more…`);
      return lighthouseRun(url + path);
    }));
  }
  const scores = runs.map((r) => r.score);
  return { path, ...assets, lighthouseScore: median(scores), lighthouseScores: scores, lcpMs: median(runs.map((r) => r.lcpMs)) };
}

/** Builds the web app, serves it with the demo content and one greeting, and measures /gallery and /greeting/{id}. */
export async function webFigures(log: (s: string) => void): Promise<WebFigures> {
  log('building the web app…');
  await run('npm', ['run', 'build', '-w', 'web'], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
  const s = await startServer({ webDistDir: path.join(ROOT, 'web/dist') });
  try {
    log('seeding the demo gallery…');
    await seedDemo(s.deps);
    // the page must really show postcards before it is measured
    const first = (await (await fetch(s.url + '/api/gallery')).json()) as { items: { id: number }[] };
    if (first.items.length < 20) throw new Error('the demo gallery is empty');
    const greetingId = await makeGreeting(s.url, first.items[0]!.id);
    const gallery = await measurePage(s.url, '/gallery', log);
    const greeting = await measurePage(s.url, `/greeting/${greetingId}`, log);
    return { gallery, greeting };
  } finally {
    await s.close();
  }
}

/** A greeting made of a demo postcard by a newly registered sender, as a recipient would open it. */
async function makeGreeting(url: string, postcardId: number): Promise<string> {
  const post = async (p: string, body: unknown, token?: string) => {
    const res = await fetch(url + p, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const auth = await post('/api/auth/register', { email: 'sender@bench.local', login: 'sender', password: 'correct-horse-9', agreement: true });
  const g = await post('/api/greetings', { image_relations_id: postcardId, to_whom: 'Маме', greeting: 'С днём рождения! Счастья, тепла и радости.', from_whom: 'Аня' }, auth.access_token as string);
  return String(g.id);
}
