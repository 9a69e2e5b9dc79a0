import type { Channel, SubscriptionFeed } from '@otkrytka/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { renderInApp, stubSignedInApi } from '@/app/test-utils';
import { postcardFixture } from '../postcards/test/fixtures';
import SubscriptionsPage from './pages/SubscriptionsPage';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const followed: Channel = {
  id: 10,
  name: 'Мои открытки',
  title: 'Мои открытки',
  description: null,
  user_id: 2,
  subscribers_count: 1,
  postcards_count: 3,
  is_owner: false,
  is_subscribed: true,
  created_at: '2026-11-20T10:00:00.000Z',
};
const feed: SubscriptionFeed = { items: [postcardFixture({ id: 31, collection_id: 10, title: 'Зима' })], offset: 0, limit: 40, has_more: false };

it('each card of the feed names the followed channel it comes from, linked to it', async () => {
  stubSignedInApi((c) => {
    if (c.url.startsWith('/api/subscriptions/postcards')) return { status: 200, body: feed };
    if (c.url === '/api/collections') return { status: 200, body: [followed] };
    return undefined;
  });
  await renderInApp(<SubscriptionsPage />, { route: '/mysubscriptions' });
  const card = (await screen.findByTestId('feed-channel')).closest('[role="listitem"]') as HTMLElement;
  expect(within(card).getByRole('link', { name: 'Мои открытки' })).toHaveAttribute('href', '/mychannels/10');
});
