import { screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { renderInApp, stubSignedInApi } from '../test-utils';
import { GameBar } from './GameBar';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

it('the energy chip shows the total and names its yang and yin: a gift or a crystal spends yang alone', async () => {
  stubSignedInApi((c) =>
    c.url === '/api/user-game-data/summary' ? { status: 200, body: { energy: 47, yang_energy: 20, yin_energy: 27, level: 1, experience: 0, coins: 0, gems: 0 } } : undefined,
  );
  await renderInApp(<GameBar />, { route: '/gallery' });
  const chip = await screen.findByRole('link', { name: 'Энергия: 47 (Ян 20 + Инь 27)' });
  expect(chip).toHaveTextContent('47');
  expect(chip).toHaveAttribute('title', 'Энергия: 47 (Ян 20 + Инь 27)');
});

it('a large total reads as the chip shows it, so a spoken name matches what is seen; the parts stay exact', async () => {
  stubSignedInApi((c) =>
    c.url === '/api/user-game-data/summary' ? { status: 200, body: { energy: 1800, yang_energy: 1500, yin_energy: 300, level: 1, experience: 0, coins: 0, gems: 0 } } : undefined,
  );
  await renderInApp(<GameBar />, { route: '/gallery' });
  const chip = await screen.findByRole('link', { name: 'Энергия: 1,8К (Ян 1500 + Инь 300)' });
  expect(chip).toHaveTextContent('1,8К');
});

it.each([
  [4, 'Уведомления, непрочитанных: 4', '4'],
  [120, 'Уведомления, непрочитанных: 99+', '99+'],
])('the bell with %i unread is named with its badge as shown, so a voice command by the badge finds it', async (n, name, badge) => {
  stubSignedInApi((c) => (c.url === '/api/notifications/unread-count' ? { status: 200, body: { unread_count: n } } : undefined));
  await renderInApp(<GameBar />, { route: '/gallery' });
  expect(await screen.findByRole('link', { name })).toHaveTextContent(badge);
});
