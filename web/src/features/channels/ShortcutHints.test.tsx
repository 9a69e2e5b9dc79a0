import type { Channel } from '@otkrytka/contract';
import { screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { renderInApp, stubSignedInApi } from '@/app/test-utils';
import ChannelsPage from './pages/ChannelsPage';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const own: Channel = {
  id: 5,
  user_id: 1,
  name: 'Мои открытки',
  title: 'Мои открытки',
  is_owner: true,
  description: null,
  created_at: '2026-03-10T10:00:00.000Z',
  subscribers_count: 0,
  postcards_count: 0,
  is_subscribed: false,
};

/** A screen that answers the shortcut hints' media query as `desktop` says (a wide screen with a mouse, or a phone). */
function screenIs(desktop: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: desktop && query.includes('pointer: fine'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

it.each([
  ['a desktop with a mouse is told of the Insert key', true],
  ['a phone is not: its screen reader would read «(клавиша Insert)» of a key it has not', false],
])('«Создать канал»: %s', async (_name, desktop) => {
  screenIs(desktop);
  stubSignedInApi((c) => (new URL(c.url, 'http://x').pathname === '/api/collections' ? { status: 200, body: [own] } : undefined));
  await renderInApp(<ChannelsPage />, { route: '/mychannels' });
  const create = await screen.findByRole('button', { name: 'Создать канал' });
  if (desktop) {
    expect(create).toHaveAttribute('aria-keyshortcuts', 'Insert');
    expect(create).toHaveAccessibleDescription('Создать канал (клавиша Insert)');
  } else {
    expect(create).not.toHaveAttribute('aria-keyshortcuts');
    expect(create).not.toHaveAttribute('title');
    expect(create).toHaveAccessibleDescription('');
  }
});
