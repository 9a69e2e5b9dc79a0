import { GALLERY_DEFAULT_SORT, GALLERY_FIRST_REQUESTS } from '@otkrytka/contract/rules/postcards';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, expect, it, vi } from 'vitest';
import { galleryChipsQuery, galleryPageQuery } from './queries';

afterEach(() => vi.unstubAllGlobals());

// The server preloads these URLs with the gallery's HTML: the page must ask for exactly them, or the
// browser fetches everything twice.
it('opens with the very requests the server hints in the HTML', async () => {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    return new Response(JSON.stringify({ items: [], next_cursor: null, has_more: false, groups: [], categories: [] }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  const qc = new QueryClient();
  await qc.fetchInfiniteQuery(galleryPageQuery({ sort: GALLERY_DEFAULT_SORT }));
  await qc.fetchQuery(galleryChipsQuery());
  expect(urls).toEqual([...GALLERY_FIRST_REQUESTS]);
});
