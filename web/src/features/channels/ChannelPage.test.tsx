import type { Category, Channel, Postcard, PostcardPage } from '@otkrytka/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, renderInApp, stubSignedInApi, testUser } from '@/app/test-utils';
import { Route, Routes } from '@/router';
import { postcardFixture } from '../postcards/test/fixtures';
import ChannelPage from './pages/ChannelPage';

const ME = testUser({ id: 1 });
const channel = (over: Partial<Channel> = {}): Channel => ({
  id: 5,
  user_id: 1,
  name: 'Мои открытки',
  title: 'Мои открытки',
  description: null,
  subscribers_count: 0,
  postcards_count: 1,
  is_owner: true,
  is_subscribed: false,
  created_at: '2026-03-10T10:00:00.000Z',
  ...over,
});
const GRANNY: Category = { id: 7, name: 'Бабушке', name_en: 'For granny', group_id: null, position: 0, user_id: 1, created_at: '2026-03-10T10:00:00.000Z' };
const pending = postcardFixture({
  id: 31,
  user_id: 1,
  collection_id: 5,
  category_id: 7,
  title: 'Для бабушки',
  description: 'С днём рождения, любимая бабушка!',
  file_name: 'бабушке.png',
  is_approved: false,
  is_banned: false,
});
const page = (items: Postcard[], counts: PostcardPage['counts']): PostcardPage => ({ items, total: items.length, counts, offset: 0, limit: 48 });

/** The API of a channel whose category «Бабушке» holds postcards by state as `counts` says; `all` lists them in «Все». */
const stubChannel = (ch: Channel, counts: PostcardPage['counts'], all: Postcard[], user = ME): ApiCall[] =>
  stubSignedInApi((c) => {
    const url = new URL(c.url, 'http://x');
    if (url.pathname === '/api/collections/5') return { status: 200, body: ch };
    if (url.pathname === '/api/categories') return { status: 200, body: [GRANNY] };
    if (url.pathname === '/api/subscriptions/') return { status: 200, body: [] };
    if (url.pathname === '/api/collections/5/postcards') {
      const approvedOnly = url.searchParams.get('approved') === 'true';
      return { status: 200, body: page(approvedOnly ? [] : all, counts) };
    }
    return undefined;
  }, user);

const openChannel = (route: string, language: 'ru' | 'en' = 'ru') =>
  renderInApp(
    <Routes>
      <Route path="/mychannels/:channelId" element={<ChannelPage />} />
    </Routes>,
    { route, language },
  );

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('a category whose postcards all wait for moderation', () => {
  it('says there are no approved ones yet, how many wait, and «Показать все» switches the toggle to «Все»', { timeout: 15_000 }, async () => {
    const calls = stubChannel(channel(), { approved: 0, pending: 1, banned: 0 }, [pending]);
    await openChannel('/mychannels/5?category=7');

    expect(await screen.findByRole('heading', { name: 'Одобренных открыток пока нет' })).toBeInTheDocument();
    expect(screen.getByText('1 открытка ждёт модерации')).toBeInTheDocument();
    // not «empty», and not the hint to upload the first one
    expect(screen.queryByText('В этой категории пока нет открыток')).toBeNull();
    expect(screen.queryByText('Нажмите «Добавить открытку», чтобы загрузить первую.')).toBeNull();
    // approved-only stays the default
    expect(screen.getByRole('radio', { name: 'Одобренные' })).toBeChecked();

    fireEvent.click(screen.getByRole('button', { name: 'Показать все' }));
    await vi.waitFor(() => expect(screen.getByRole('radio', { name: 'Все' })).toBeChecked(), { timeout: 3000 });
    expect(await screen.findByAltText('Для бабушки')).toBeInTheDocument();
    expect(screen.getByTestId('moderation-counts')).toHaveTextContent('На модерации: 1');
    expect(screen.queryByRole('heading', { name: 'Одобренных открыток пока нет' })).toBeNull();
    const lists = calls.filter((c) => c.url.startsWith('/api/collections/5/postcards')).map((c) => new URL(c.url, 'http://x').searchParams.get('approved'));
    expect(lists).toEqual(['true', 'false']);
  });

  it('counts banned ones too, in plural forms', async () => {
    stubChannel(channel(), { approved: 0, pending: 3, banned: 5 }, []);
    await openChannel('/mychannels/5?category=7');
    expect(await screen.findByText('3 открытки ждут модерации')).toBeInTheDocument();
    expect(screen.getByText('5 открыток заблокированы')).toBeInTheDocument();
  });

  it('in English as well', async () => {
    stubChannel(channel(), { approved: 0, pending: 2, banned: 0 }, []);
    await openChannel('/mychannels/5?category=7', 'en');
    expect(await screen.findByRole('heading', { name: 'No approved postcards yet' })).toBeInTheDocument();
    expect(screen.getByText('2 postcards are awaiting moderation')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show all' })).toBeInTheDocument();
  });

  it('a category with nothing in it at all is simply empty', async () => {
    stubChannel(channel({ postcards_count: 0 }), { approved: 0, pending: 0, banned: 0 }, []);
    await openChannel('/mychannels/5?category=7');
    expect(await screen.findByRole('heading', { name: 'В этой категории пока нет открыток' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Показать все' })).toBeNull();
  });

  it('a visitor, to whom «Все» shows no pending postcards, is not offered them', async () => {
    stubChannel(channel({ user_id: 2, is_owner: false }), { approved: 0, pending: 1, banned: 0 }, []);
    await openChannel('/mychannels/5?category=7');
    expect(await screen.findByRole('heading', { name: 'В этой категории пока нет открыток' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Показать все' })).toBeNull();
  });
});

it('the English hint to add the first postcard fits a mouse as well as a finger (no «Tap»)', async () => {
  stubChannel(channel({ postcards_count: 0 }), { approved: 0, pending: 0, banned: 0 }, []);
  await openChannel('/mychannels/5', 'en');
  expect(await screen.findByRole('heading', { name: 'This channel has no postcards yet' })).toBeInTheDocument();
  expect(screen.getByText('Use “Add postcard” to upload the first one.')).toBeInTheDocument();
  expect(document.body.textContent).not.toMatch(/\bTap\b/);
});

it('the tab is titled «channel — Открытка», as every other page is', async () => {
  stubChannel(channel(), { approved: 1, pending: 0, banned: 0 }, [pending]);
  await openChannel('/mychannels/5');
  await screen.findByRole('heading', { level: 1, name: 'Мои открытки' });
  await waitFor(() => expect(document.title).toBe('Мои открытки — Открытка'));
});
