import type { TopPlayersPage } from '@otkrytka/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubSignedInApi, testUser } from '@/app/test-utils';
import { TopPlayers } from './components/LevelTab';

const ME = testUser({ id: 7, login: 'me' });

// ranked by experience: the first has less energy than the second
const PAGE: TopPlayersPage = {
  players: [
    { id: 3, rank: 1, name: 'Аня', level: 5, energy: 120, experience: 2500 },
    { id: 7, rank: 2, name: null, level: 4, energy: 1800, experience: 900 },
  ],
  total: 2,
  limit: 20,
  offset: 0,
  has_more: false,
  me: { rank: 2, level: 4, energy: 1800, experience: 900 },
};

beforeEach(() => {
  stubSignedInApi((c) => {
    if (c.url.startsWith('/api/game/top-players')) return { status: 200, body: PAGE };
    return undefined;
  }, ME);
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('top players', () => {
  it('says places go by experience and shows each player’s level and experience beside their labelled energy', async () => {
    await renderInApp(<TopPlayers />, { route: '/game-data?tab=level' });
    const rows = await screen.findAllByRole('listitem');
    expect(screen.getByText('Места — по опыту')).toBeVisible();
    expect(within(rows[0]!).getByText('Аня')).toBeVisible();
    expect(within(rows[0]!).getByTestId('top-player-progress')).toHaveTextContent('ур. 5 · 2,5К опыта');
    expect(within(rows[0]!).getByLabelText('Энергия: 120')).toHaveTextContent('120');
    expect(within(rows[1]!).getByText('Вы')).toBeVisible();
    expect(within(rows[1]!).getByTestId('top-player-progress')).toHaveTextContent('ур. 4 · 900 опыта');
    expect(within(rows[1]!).getByLabelText('Энергия: 1,8К')).toBeVisible();
  });

  it('my own row shows the energy the top bar shows, not the ranking\'s older copy', async () => {
    stubSignedInApi((c) => {
      if (c.url.startsWith('/api/game/top-players')) return { status: 200, body: PAGE };
      if (c.url === '/api/user-game-data/summary') return { status: 200, body: { energy: 2400, yang_energy: 1200, yin_energy: 1200, level: 4, experience: 900, coins: 0, gems: 0 } };
      return undefined;
    }, ME);
    await renderInApp(<TopPlayers />, { route: '/game-data?tab=level' });
    const rows = await screen.findAllByRole('listitem');
    expect(await within(rows[1]!).findByLabelText('Энергия: 2,4К')).toBeVisible();
    expect(within(rows[0]!).getByLabelText('Энергия: 120')).toBeVisible();
  });

  it('speaks English in English', async () => {
    await renderInApp(<TopPlayers />, { route: '/game-data?tab=level', language: 'en' });
    const rows = await screen.findAllByRole('listitem');
    expect(screen.getByText('Places go by experience')).toBeVisible();
    expect(within(rows[0]!).getByTestId('top-player-progress')).toHaveTextContent('lv 5 · 2.5K XP');
    expect(within(rows[0]!).getByLabelText('Energy: 120')).toBeVisible();
  });
});
