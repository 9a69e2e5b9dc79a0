/**
 * `npm run bench`: the four figures of the collection issue, from one run on this machine.
 *   (a) gallery API requests/s with 100,000 postcards in SQLite, beside a bare JSON route, and the ratio
 *   (b) the gallery request's median latency at 10,000 and at 100,000 postcards, and the ratio
 *   (c) gzip bytes of the JavaScript and CSS that /gallery loads
 *   (d) Lighthouse mobile performance score of /gallery
 * How each is measured: scripts/BENCH.md.
 */
import os from 'node:os';
import { apiFigures } from './bench/api';
import { webFigures } from './bench/web';

const started = Date.now();
const log = (s: string) => console.error(`  … ${s}`);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const mark = (ok: boolean) => (ok ? '✓' : '✗');

const api = await apiFigures(log);
const web = await webFigures(log);

const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
console.log(`\nOtkrytka benchmark — ${cpu}, ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`);
console.log(
  `(a) gallery API ${api.galleryRps.toFixed(0)} req/s with 100,000 postcards (SQLite) · bare JSON route ${api.bareRps.toFixed(0)} req/s · ratio ${api.rpsRatio.toFixed(2)} ${mark(api.rpsRatio >= 0.5)} (target ≥ 0.5)`,
);
console.log(
  `(b) gallery median latency ${api.medianMs10k.toFixed(2)} ms at 10,000 · ${api.medianMs100k.toFixed(2)} ms at 100,000 · ratio ${api.latencyRatio.toFixed(2)} ${mark(api.latencyRatio <= 1.5)} (target ≤ 1.5)`,
);
console.log(
  `(c) /gallery loads ${kb(web.jsGzipBytes)} of JavaScript and ${kb(web.cssGzipBytes)} of CSS, gzip ${mark(web.jsGzipBytes <= 120 * 1024)} (target ≤ 120 KB JS)`,
);
console.log(
  `(d) Lighthouse mobile performance of /gallery: ${web.lighthouseScore} (median of ${web.lighthouseScores.join(', ')}) ${mark(web.lighthouseScore >= 90)} (target ≥ 90)`,
);
console.log(`load average during the run: ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} · took ${Math.round((Date.now() - started) / 1000)} s`);
