/**
 * The search figure (BENCH_PARTS=search): the p95 of a search of the gallery against the p95 of a
 * plain gallery page, in the same run on the same database, at each size, SQLite and PostgreSQL.
 *
 * The gallery is filled as for the mixed workload (fill.ts: 12 categories, one postcard a minute
 * going back), then its texts are made like real ones: each postcard takes the title of one demo
 * card and the description of another (server/src/seed/catalogue.ts), and the categories take the
 * demo's names, so a word is in a few per cent of the postcards, as «рождения» is on a real site.
 * Both are asked one after another over HTTP (one connection, no cache for either), alternating
 * in rounds so a change of the machine's load falls on both alike. Postcards get their times as a
 * live gallery has them: a later one, a larger id.
 */
import os from 'node:os';
import { sql } from 'kysely';
import { DEMO_CARDS, DEMO_GROUPS, DEMO_LOOSE_CATEGORIES } from '../../server/src/seed/catalogue';
import { fillGallery } from './fill';
import { startServer } from './setup';

/** What people type: phrases, word forms, a typo, the wrong layout, dates, English, a rare word. */
export const SEARCH_MIX = [
  'с днём рождения',
  'спокойной ночи',
  'тюльпаны',
  'спакойной ночи',
  'ltym hj;ltybz',
  '8 марта',
  'кофе',
  'золотая осень',
  'юбилей',
  'пятница',
  'good night',
  'мирного неба',
];

export interface SearchFigures {
  database: 'sqlite' | 'postgres';
  postcards: number;
  fillSeconds: number;
  gallery: { p50: number; p95: number };
  search: { p50: number; p95: number };
  /** the mix's first searches, before the server has learnt anything of their words (not in the ratio) */
  cold: { p50: number; max: number };
  /** the slowest queries of the mix, by their own p95 */
  perQuery: { q: string; p95: number; found: number }[];
  /** the load average (1, 5, 15 minutes) when the timed rounds began → when they ended */
  load: string;
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
const uptime = () => os.loadavg().map((x) => x.toFixed(1)).join(' ');

export async function searchScenario(database: 'sqlite' | 'postgres', postcards: number, rounds: number, log: (s: string) => void): Promise<SearchFigures> {
  const server = await startServer({ postgres: database === 'postgres' });
  try {
    const started = Date.now();
    const startedAt = new Date(started).toISOString();
    const filled = await fillGallery(server.deps, postcards);
    const db = server.deps.db;
    const names = [...DEMO_GROUPS.flatMap((g) => g.categories), ...DEMO_LOOSE_CATEGORIES, 'Просто так'];
    for (const [i, id] of filled.categoryIds.entries()) await sql`update categories set name = ${names[i % names.length]!} where id = ${id}`.execute(db);
    // the texts, in one statement per 100,000 rows: the triggers index every row as it is written
    const titles = DEMO_CARDS.map((c) => c.title);
    const descriptions = DEMO_CARDS.map((c) => c.description);
    const pick = (list: string[], expr: string) => sql.raw(`case ${list.map((t, i) => `when ${expr} = ${i} then '${t.replace(/'/g, "''")}'`).join(' ')} end`);
    for (let start = 0; start < postcards; start += 100_000) {
      const lo = start;
      const hi = start + 100_000;
      await db.transaction().execute(async (trx) => {
        // and the times as a live gallery has them, a later postcard a larger id (fill.ts counts back from the first)
        const created = database === 'postgres'
          ? sql`to_char((${startedAt}::timestamptz - (${postcards} - id) * interval '1 minute') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
          : sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${startedAt}, '-' || (${postcards} - id) || ' minutes')`;
        await sql`update image_relations set title = ${pick(titles, `(id % ${titles.length})`)},
          description = ${pick(descriptions, `((id * 7) % ${descriptions.length})`)}, created_at = ${created}
          where id > ${lo} and id <= ${hi}`.execute(trx);
      });
      log(`search bench: ${database} texts of ${Math.min(hi, postcards).toLocaleString('en')} postcards`);
    }
    // a live database is vacuumed as it goes: without it the million rows just rewritten leave as
    // many dead versions behind, and autovacuum would sweep them while the rounds are timed
    if (database === 'postgres') await sql`vacuum analyze`.execute(db);
    const fillSeconds = (Date.now() - started) / 1000;
    const { galleryService } = await import('../../server/src/modules/gallery/service');
    galleryService(server.deps).useCache(false);

    const get = async (path: string) => {
      const t0 = performance.now();
      const res = await fetch(server.url + path);
      const body = (await res.json()) as { items?: unknown[] };
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      return { ms: performance.now() - t0, found: body.items?.length ?? 0 };
    };
    const galleryPaths = ['/api/gallery?sort=newest', '/api/gallery?sort=popular', ...filled.categoryIds.slice(0, 4).map((c) => `/api/gallery?sort=newest&category=${c}`)];
    for (const p of galleryPaths) await get(p);
    // each query once on a server that has searched nothing yet (nothing learnt of any word), then
    // the timed rounds, where the server knows the mix's words as a running one knows common words
    const coldMs: number[] = [];
    for (const q of SEARCH_MIX) coldMs.push((await get(`/api/gallery?q=${encodeURIComponent(q)}`)).ms);
    const loadBefore = uptime();
    const galleryMs: number[] = [];
    const searchMs: number[] = [];
    const perQuery = new Map<string, { ms: number[]; found: number }>();
    for (let r = 0; r < rounds; r++) {
      for (let i = 0; i < 4; i++) for (const p of galleryPaths) galleryMs.push((await get(p)).ms);
      for (const q of SEARCH_MIX) {
        const x = await get(`/api/gallery?q=${encodeURIComponent(q)}`);
        searchMs.push(x.ms);
        const e = perQuery.get(q) ?? { ms: [], found: x.found };
        e.ms.push(x.ms);
        perQuery.set(q, e);
      }
      log(`search bench: ${database} ${postcards.toLocaleString('en')} round ${r + 1}/${rounds}`);
    }
    return {
      database,
      postcards,
      fillSeconds,
      gallery: { p50: pct(galleryMs, 50), p95: pct(galleryMs, 95) },
      search: { p50: pct(searchMs, 50), p95: pct(searchMs, 95) },
      cold: { p50: pct(coldMs, 50), max: Math.max(...coldMs) },
      perQuery: [...perQuery].map(([q, e]) => ({ q, p95: pct(e.ms, 95), found: e.found })).sort((a, b) => b.p95 - a.p95),
      load: `${loadBefore} → ${uptime()}`,
    };
  } finally {
    await server.close();
  }
}

/** `npx tsx scripts/bench/search.ts [postcards] [sqlite|postgres|both]`: the figure alone. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const n = Number(process.argv[2] ?? 100_000);
  const which = process.argv[3] ?? 'both';
  const dbs = which === 'both' ? (['sqlite', 'postgres'] as const) : ([which] as ['sqlite' | 'postgres']);
  for (const d of dbs) {
    const f = await searchScenario(d, n, Number(process.env.ROUNDS ?? 10), (s) => console.error(`  … ${s} (load ${uptime()})`));
    printSearch(f);
  }
}

export function printSearch(f: SearchFigures) {
  const ms = (x: number) => `${x.toFixed(2)} ms`;
  const ratio = f.search.p95 / f.gallery.p95;
  console.log(
    `  ${f.database} · ${f.postcards.toLocaleString('en')} postcards (filled in ${f.fillSeconds.toFixed(0)} s): gallery page p50 ${ms(f.gallery.p50)} p95 ${ms(f.gallery.p95)} · search p50 ${ms(f.search.p50)} p95 ${ms(f.search.p95)} · search p95 ÷ page p95 ${ratio.toFixed(2)} ${ratio <= 3 ? '✓' : '✗'} (target ≤ 3) · load ${f.load}`,
  );
  console.log(`    the mix's first searches, nothing learnt of their words yet: p50 ${ms(f.cold.p50)} max ${ms(f.cold.max)}`);
  console.log(`    slowest queries (p95, results on the first page): ${f.perQuery.slice(0, 5).map((x) => `«${x.q}» ${ms(x.p95)} (${x.found})`).join(', ')}`);
}
