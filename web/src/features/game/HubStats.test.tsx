import { screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { renderInApp, stubSignedInApi } from '@/app/test-utils';
import GameHubPage from './pages/GameHubPage';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

it('when the game data does not load, the hub’s figures show a dash, not «…» for ever, and the tab offers «Повторить»', async () => {
  stubSignedInApi((c) => {
    if (c.url.startsWith('/api/user-game-data') || c.url.startsWith('/api/game')) throw new TypeError('Failed to fetch');
    return undefined;
  });
  await renderInApp(<GameHubPage />, { route: '/game-data' });
  expect(await screen.findByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  for (const stat of ['level', 'yang', 'yin', 'coins', 'gems']) expect(await screen.findByTestId(`stat-${stat}`)).toHaveTextContent('—');
  expect(screen.getByText('Нет соединения с сервером. Проверьте интернет и попробуйте ещё раз')).toBeInTheDocument();
});
