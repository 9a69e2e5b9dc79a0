import type { Channel } from '@otkrytka/contract';
import { screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { renderInApp, stubApi, testUser } from '@/app/test-utils';
import ChannelsPage from './pages/ChannelsPage';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

it('a channel row shows its followers in short and names the exact count on hover', async () => {
  localStorage.setItem('access_token', 'tok');
  const channel: Channel = {
    id: 5,
    user_id: 2,
    name: 'Открытки Ани',
    title: 'Открытки Ани',
    is_owner: false,
    description: null,
    created_at: '2026-03-10T10:00:00.000Z',
    subscribers_count: 12_345,
    postcards_count: 3,
    is_subscribed: true,
  };
  stubApi((c) => {
    const url = new URL(c.url, 'http://x');
    if (url.pathname === '/api/auth/me') return { status: 200, body: testUser() };
    if (url.pathname === '/api/collections') return { status: 200, body: [channel] };
    return undefined;
  });
  renderInApp(<ChannelsPage />, { route: '/mychannels' });
  const count = await screen.findByText(/подписчик/);
  expect(count).toHaveAttribute('title', expect.stringMatching(/^12\s345 подписчиков$/));
  expect(count.textContent).not.toMatch(/12\s345/);
});

it('in English one’s own channel is badged “Yours”, not “Mine” (the bottom bar’s tab of one’s greetings)', async () => {
  localStorage.setItem('access_token', 'tok');
  const own: Channel = {
    id: 6,
    user_id: 1,
    name: 'Family cards',
    title: 'Family cards',
    is_owner: true,
    description: null,
    created_at: '2026-03-10T10:00:00.000Z',
    subscribers_count: 0,
    postcards_count: 0,
    is_subscribed: false,
  };
  stubApi((c) => {
    const url = new URL(c.url, 'http://x');
    if (url.pathname === '/api/auth/me') return { status: 200, body: testUser() };
    if (url.pathname === '/api/collections') return { status: 200, body: [own] };
    return undefined;
  });
  await renderInApp(<ChannelsPage />, { route: '/mychannels', language: 'en' });
  const card = (await screen.findByText('Family cards')).closest('a')!;
  expect(card).toHaveTextContent('Yours');
  expect(card).not.toHaveTextContent(/\bMine\b/);
});
