import type { Channel, Postcard, PostcardPage } from '@otkrytka/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubSignedInApi, testUser } from '@/app/test-utils';
import { Route, Routes, useLocation } from '@/router';
import { postcardFixture } from '../postcards/test/fixtures';
import ChannelPage from './pages/ChannelPage';

const ME = testUser({ id: 2 });
const CHANNEL: Channel = {
  id: 5,
  user_id: 1,
  name: 'Цветы',
  title: 'Цветы',
  description: null,
  subscribers_count: 3,
  postcards_count: 2,
  is_owner: false,
  is_subscribed: true,
  created_at: '2026-03-10T10:00:00.000Z',
};
const tulips = postcardFixture({ id: 31, user_id: 1, collection_id: 5, title: 'Тюльпаны для мамы', is_approved: true });
const page = (items: Postcard[]): PostcardPage => ({ items, total: items.length, counts: { approved: 2, pending: 0, banned: 0 }, offset: 0, limit: 48 });

/** A channel whose search finds the tulips for «тюльпаны» and nothing for anything else. */
const stubChannel = () =>
  stubSignedInApi((c) => {
    const url = new URL(c.url, 'http://x');
    if (url.pathname === '/api/collections/5') return { status: 200, body: CHANNEL };
    if (url.pathname === '/api/categories') return { status: 200, body: [] };
    if (url.pathname === '/api/subscriptions/') return { status: 200, body: [{ collection_id: 5, user_id: 2, subscriber_id: 2, created_at: CHANNEL.created_at }] };
    if (url.pathname === '/api/collections/5/postcards') {
      const q = url.searchParams.get('q');
      return { status: 200, body: page(q === null ? [tulips] : q === 'тюльпаны' ? [tulips] : []) };
    }
    return undefined;
  }, ME);

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('searching a channel', () => {
  it('sends the words into the address and the API, shows how many were found, and opens a result with the search', { timeout: 15_000 }, async () => {
    const calls = stubChannel();
    await renderInApp(
      <>
        <Routes>
          <Route path="/mychannels/:channelId" element={<ChannelPage />} />
        </Routes>
        <Where />
      </>,
      { route: '/mychannels/5' },
    );
    const box = await screen.findByRole('searchbox', { name: 'Поиск открыток' });
    fireEvent.change(box, { target: { value: ' тюльпаны ' } });
    await act(async () => fireEvent.submit((box as HTMLInputElement).form!));
    expect(await screen.findByRole('heading', { name: 'Найдено по запросу «тюльпаны» · 1 открытка' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(`/mychannels/5?q=${encodeURIComponent('тюльпаны')}`);
    expect(calls.some((c) => new URL(c.url, 'http://x').searchParams.get('q') === 'тюльпаны')).toBe(true);
    expect(screen.getByRole('link', { name: /Тюльпаны для мамы/ })).toHaveAttribute('href', `/mychannels/5/31?q=${encodeURIComponent('тюльпаны')}`);
  });

  it('says when nothing was found and offers the whole channel, which drops the words', async () => {
    stubChannel();
    await renderInApp(
      <>
        <Routes>
          <Route path="/mychannels/:channelId" element={<ChannelPage />} />
        </Routes>
        <Where />
      </>,
      { route: `/mychannels/5?q=${encodeURIComponent('бегемот')}` },
    );
    expect(await screen.findByRole('heading', { name: 'По запросу «бегемот» ничего не нашлось' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Поиск открыток' })).toHaveValue('бегемот');
    fireEvent.click(screen.getByRole('button', { name: 'Показать все' }));
    expect(await screen.findByRole('link', { name: /Тюльпаны для мамы/ })).toHaveAttribute('href', '/mychannels/5/31');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/mychannels\/5$/);
    expect(screen.getByRole('searchbox', { name: 'Поиск открыток' })).toHaveValue('');
  });
});
