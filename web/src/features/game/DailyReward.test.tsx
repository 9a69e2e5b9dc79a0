import type { DailyRewardStatus } from '@otkrytka/contract';
import { screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { renderInApp, stubSignedInApi } from '@/app/test-utils';
import { DailyRewardCard } from './components/DailyRewardCard';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const status: DailyRewardStatus = {
  available: true,
  streak: 0,
  next_day: 1,
  reward: { energy: 10, coins: 5, gems: 0 },
  week: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, energy: 10 * day, coins: 5 * day, gems: day === 7 ? 1 : 0 })),
  timeLeft: 3600,
};

it('the coins that come with the day\'s yang are named beside the claim button', async () => {
  stubSignedInApi((c) => (c.url === '/api/game/daily-reward' ? { status: 200, body: status } : undefined));
  await renderInApp(<DailyRewardCard />, { route: '/game-data' });
  expect(await screen.findByText('Сегодня: +10 Ян и +5 монет')).toBeVisible();
  expect(screen.getByRole('button', { name: 'Забрать награду · +10' })).toBeEnabled();
});

it.each([
  [1, 'Сегодня: +10 Ян и +1 монета'],
  [2, 'Сегодня: +10 Ян и +2 монеты'],
  [21, 'Сегодня: +10 Ян и +21 монета'],
])('the coins are counted in Russian: %i', async (coins, text) => {
  stubSignedInApi((c) => (c.url === '/api/game/daily-reward' ? { status: 200, body: { ...status, reward: { ...status.reward, coins } } } : undefined));
  await renderInApp(<DailyRewardCard />, { route: '/game-data' });
  expect(await screen.findByText(text)).toBeVisible();
});
