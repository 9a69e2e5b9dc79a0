import { screen } from '@testing-library/react';
import { Route, Routes } from '@/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubApi, testUser } from '@/app/test-utils';
import ChannelPage from './pages/ChannelPage';
import { CHANNEL_GRID_PAGE } from './queries';

/** opening a channel fetches a page of postcards and no bookmark list. */
const ME = testUser();
const CHANNEL = { id: 5, user_id: 2, name: 'Открытки Ани', description: null, created_at: '', subscribers_count: 0, postcards_count: 120, is_subscribed: false };

const card = (id: number) => ({
  id, user_id: 2, collection_id: 5, category_id: null, title: `Открытка ${id}`, description: 'Описание открытки', file_name: 'a.jpg', media_kind: 'image',
  image_url: '/media/a.jpg', imageUrl: '/media/a.jpg', preview_78x101_url: null, preview_36_url: null, thumbnail_url: null, viewer_url: null, viewer_srcset: null, preview_video_url: null,
  width: 10, height: 10, is_approved: true, is_banned: false, likes_count: 0, rejects_count: 0, stats: { views: 0, reposts: 0, bookmarks: 0 },
  username: 'anna', author: null, author_url: null, source: null, source_url: null, created_at: '2026-03-10T10:00:00.000Z',
});

/** The channel page at `route`, as the app routes it. */
const openChannel = (route: string) =>
  renderInApp(
    <Routes>
      <Route path="/mychannels/:channelId" element={<ChannelPage />} />
    </Routes>,
    { route },
  );

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the channel page', () => {
  it(`loads ${CHANNEL_GRID_PAGE} postcards, more on demand, and no bookmarks`, { timeout: 20_000 }, async () => {
    localStorage.setItem('access_token', 'tok');
    const calls = stubApi((c) => {
      const url = new URL(c.url, 'http://x');
      if (url.pathname === '/api/auth/me') return { status: 200, body: ME };
      if (url.pathname === '/api/collections/5') return { status: 200, body: CHANNEL };
      if (url.pathname === '/api/collections/5/postcards') {
        const offset = Number(url.searchParams.get('offset') ?? 0);
        const limit = Number(url.searchParams.get('limit'));
        const items = Array.from({ length: Math.max(0, Math.min(limit, 120 - offset)) }, (_, i) => card(1000 - offset - i));
        return { status: 200, body: { items, total: 120, counts: { approved: 120, pending: 0, banned: 0 }, offset, limit } };
      }
      if (url.pathname === '/api/subscriptions/') return { status: 200, body: [] };
      if (url.pathname.startsWith('/api/categories')) return { status: 200, body: [] };
      return undefined;
    });
    await openChannel('/mychannels/5');
    expect(await screen.findByAltText('Открытка 1000')).toBeInTheDocument();
    const lists = () => calls.filter((c) => c.url.includes('/api/collections/5/postcards'));
    expect(lists()).toHaveLength(1);
    expect(new URL(lists()[0]!.url, 'http://x').searchParams.get('limit')).toBe(String(CHANNEL_GRID_PAGE));
    expect(screen.queryByAltText(`Открытка ${1000 - CHANNEL_GRID_PAGE}`)).toBeNull();
    screen.getByTestId('channel-more').click();
    expect(await screen.findByAltText(`Открытка ${1000 - CHANNEL_GRID_PAGE}`)).toBeInTheDocument();
    expect(new URL(lists()[1]!.url, 'http://x').searchParams.get('offset')).toBe(String(CHANNEL_GRID_PAGE));
    expect(calls.some((c) => c.url.startsWith('/api/bookmarks'))).toBe(false);
  });

  it('a channel that is not there says so, with the way to the gallery and no pointless «Повторить»', async () => {
    stubApi((c) => {
      const url = new URL(c.url, 'http://x');
      if (url.pathname === '/api/collections/404') return { status: 404, body: { code: 'NOT_FOUND', detail: 'Channel not found' } };
      if (url.pathname.startsWith('/api/collections/404/')) return { status: 404, body: { code: 'NOT_FOUND', detail: 'Channel not found' } };
      if (url.pathname.startsWith('/api/categories')) return { status: 200, body: [] };
      return undefined;
    });
    await openChannel('/mychannels/404');
    expect(await screen.findByRole('heading', { level: 1, name: 'Канал не найден' })).toBeInTheDocument();
    expect(screen.getByText('Возможно, его удалили, или в ссылке опечатка.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Перейти в галерею' })).toHaveAttribute('href', '/gallery');
    expect(screen.queryByRole('button', { name: 'Повторить' })).toBeNull();
    expect(document.title).toMatch(/^Канал не найден — /);
  });

  it('a link with no channel number says the channel is not there, instead of loading for ever', async () => {
    stubApi(() => undefined);
    await openChannel('/mychannels/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Канал не найден' })).toBeInTheDocument();
    expect(screen.queryByText('Загрузка канала...')).toBeNull();
  });
});
