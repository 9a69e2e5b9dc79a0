import type { Bookmark, Postcard } from '@otkrytka/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ApiCall, renderInApp, stubSignedInApi } from '@/app/test-utils';
import { postcardFixture } from '@/features/postcards/test/fixtures';
import { Route, Routes } from '@/router';
import ViewerPage from './ViewerPage';

const picture = postcardFixture({ id: 1, title: 'Картинка' });
const gif = postcardFixture({ id: 2, title: 'Гифка', media_kind: 'gif', image_url: '/media/2.gif', imageUrl: '/media/2.gif' });
const video = postcardFixture({ id: 3, title: 'Видео', media_kind: 'video', image_url: '/media/3.mp4', imageUrl: '/media/3.mp4', preview_video_url: '/media/preview/mp4/3.mp4' });
const bookmark = (p: Postcard): Bookmark => ({ id: p.id, image_relation_id: p.id, created_at: p.created_at, image_url: p.image_url, preview_78x101_url: null, postcard: p });

// jsdom has no media playback
beforeAll(() => {
  HTMLMediaElement.prototype.play = () => Promise.resolve();
  HTMLMediaElement.prototype.pause = () => undefined;
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** The viewer on my favourites (`/bookmarks/{id}`), signed in, with these cards bookmarked. */
async function openFavourites(id: number, cards: Postcard[]): Promise<ApiCall[]> {
  let list = cards.map(bookmark);
  const calls = stubSignedInApi((c) => {
    const url = new URL(c.url, 'http://app.test');
    if (url.pathname === '/api/bookmarks' && c.method === 'GET') return { status: 200, body: list };
    if (url.pathname.startsWith('/api/bookmarks/') && c.method === 'DELETE') {
      list = list.filter((b) => `/api/bookmarks/${b.image_relation_id}` !== url.pathname);
      return { status: 204 };
    }
    if (url.pathname === '/api/bookmarks' && c.method === 'POST') {
      const added = cards.find((p) => p.id === (c.body as { image_relation_id: number }).image_relation_id)!;
      list = [bookmark(added), ...list];
      return { status: 201, body: { success: true } };
    }
    if (url.pathname.startsWith('/api/image_relations/')) return { status: 200, body: { views: 0, likes_count: 0 } };
    return undefined;
  });
  await renderInApp(
    <Routes>
      <Route path="/bookmarks/:postcardId" element={<ViewerPage />} />
    </Routes>,
    { route: `/bookmarks/${id}` },
  );
  await screen.findByTestId('viewer-rail');
  return calls;
}

describe('the viewer’s rail', () => {
  it.each([
    ['a picture', picture],
    ['a GIF', gif],
  ])('offers no sound on %s (it has none)', async (_name, card) => {
    await openFavourites(card.id, [card]);
    expect(screen.getByTestId('info-button')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Включить звук' })).toBeNull();
  });

  it('offers sound on a video', async () => {
    await openFavourites(video.id, [video]);
    expect(screen.getByRole('button', { name: 'Включить звук' })).toBeInTheDocument();
  });
});

describe('the viewer’s menu names the favourites as what they are', () => {
  it('a bookmarked card: «Убрать из избранного» removes it and says so; then the menu offers «Сохранить в избранное»', async () => {
    const user = userEvent.setup();
    const calls = await openFavourites(picture.id, [picture]);
    const more = screen.getByRole('button', { name: 'Ещё' });
    await user.click(more);
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByText(/коллекци/i)).toBeNull();
    await user.click(within(menu).getByRole('menuitem', { name: 'Убрать из избранного' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Убрано из избранного');
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith(`/api/bookmarks/${picture.id}`))).toBe(true));
    // the rail's star says the same
    expect(screen.getByTestId('bookmark-button')).toHaveAttribute('aria-pressed', 'false');
    await user.click(more);
    await user.click(await screen.findByRole('menuitem', { name: 'Сохранить в избранное' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Добавлено в избранное');
    expect(screen.getByTestId('bookmark-button')).toHaveAttribute('aria-pressed', 'true');
  });
});
