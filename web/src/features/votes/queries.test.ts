import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyVoteCounts, withCounts } from './queries';

const card = (id: number, likes = 0) => ({ id, image_url: `/m/${id}.png`, likes_count: likes, rejects_count: 0 });

describe('vote counts in cached lists', () => {
  it('updates the postcard wherever a list holds it and keeps everything else as it was', () => {
    const other = card(2, 5);
    const data = { items: [card(1), other], total: 2 };
    const next = withCounts(data, 1, { likes_count: 1, rejects_count: 0 });
    expect(next.items[0]).toEqual(card(1, 1));
    expect(next.items[1]).toBe(other);
    expect(withCounts(data, 3, { likes_count: 1, rejects_count: 0 })).toBe(data);
  });

  it('reaches bookmarks, paged lists and single postcards, but not other things that share the id', () => {
    const qc = new QueryClient();
    qc.setQueryData(['bookmarks'], [{ id: 9, postcard: card(7) }]);
    qc.setQueryData(['gallery', 'list'], { pages: [{ items: [card(7, 3)] }], pageParams: [0] });
    qc.setQueryData(['postcards', 7], card(7, 3));
    qc.setQueryData(['channels', 'detail', 7], { id: 7, name: 'Канал', likes_count: 0 });
    qc.setQueryData(['game', 'summary'], { items: [card(7)] });
    applyVoteCounts(qc, 7, { likes_count: 4, rejects_count: 1 });
    expect(qc.getQueryData<{ postcard: unknown }[]>(['bookmarks'])![0]!.postcard).toMatchObject({ likes_count: 4, rejects_count: 1 });
    expect(qc.getQueryData(['gallery', 'list'])).toMatchObject({ pages: [{ items: [{ likes_count: 4 }] }] });
    expect(qc.getQueryData(['postcards', 7])).toMatchObject({ likes_count: 4 });
    expect(qc.getQueryData(['channels', 'detail', 7])).toMatchObject({ likes_count: 0 });
    expect(qc.getQueryData(['game', 'summary'])).toMatchObject({ items: [{ likes_count: 0 }] });
  });
});
