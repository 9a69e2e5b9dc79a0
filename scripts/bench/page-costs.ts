/**
 * `npx tsx scripts/bench/page-costs.ts [postcards]`: what one gallery page costs through the
 * service (no HTTP), by sort and filter, cache off. Fills a database as `npm run bench` does, then
 * for each sort and filter (none, a category, a group) follows `next_cursor` for up to 10 pages,
 * 60 times; two rounds, the mean time per page of each.
 */
import { GalleryQuery } from '@otkrytka/contract';
import { GALLERY_SORTS } from '@otkrytka/contract/rules/postcards';
import { galleryService } from '../../server/src/modules/gallery/service';
import { fillGallery } from './fill';
import { startServer } from './setup';

const s = await startServer({ postgres: false });
try {
  const filled = await fillGallery(s.deps, Number(process.argv[2] ?? 100_000));
  const gallery = galleryService(s.deps);
  gallery.useCache(false);
  const filterOf = (kind: string, i: number): Record<string, string> => {
    if (kind === 'category') return { category: String(filled.categoryIds[i % filled.categoryIds.length]) };
    if (kind === 'group') return { group: String(filled.groupIds[i % filled.groupIds.length]) };
    return {};
  };
  for (let round = 1; round <= 2; round++) {
    for (const sort of GALLERY_SORTS) {
      for (const kind of ['none', 'category', 'group']) {
        let total = 0n;
        let pages = 0;
        for (let visitor = 0; visitor < 60; visitor++) {
          let cursor: string | null = null;
          for (let p = 0; p < 10; p++) {
            const q = GalleryQuery.parse({ sort, ...filterOf(kind, visitor), ...(cursor ? { cursor } : {}) });
            const started = process.hrtime.bigint();
            const page = await gallery.pageData(q);
            total += process.hrtime.bigint() - started;
            pages += 1;
            cursor = page.next_cursor;
            if (!cursor) break;
          }
        }
        console.log(`round ${round}  ${sort.padEnd(11)} ${kind.padEnd(9)} ${(Number(total) / pages / 1000).toFixed(0)} µs a page`);
      }
    }
  }
} finally {
  await s.close();
}
