import type { Notification } from '@otkrytka/contract';
import { act, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { renderInApp, stubSignedInApi } from '@/app/test-utils';
import { NOTIFICATION_EVENT } from '../notifications/queries';
import GameHubPage from './pages/GameHubPage';

afterEach(() => localStorage.clear());

const note = (type: Notification['type'], title: string): Notification => ({
  id: Math.floor(Math.random() * 1e6),
  type,
  title,
  message: '',
  bg_color: null,
  color: null,
  is_read: false,
  is_new: true,
  created_at: new Date().toISOString(),
  actions: [],
  template: null,
});

it('a live notice shows as a toast on the hub, but not the daily reward one: the claim already said what came', async () => {
  localStorage.setItem('access_token', 'token');
  stubSignedInApi(() => undefined);
  await renderInApp(<GameHubPage />, { route: '/game-data' });
  await screen.findByRole('heading', { name: 'Игровой центр' });

  act(() => void window.dispatchEvent(new CustomEvent(NOTIFICATION_EVENT, { detail: note('quest', 'Задание выполнено') })));
  // (a toast of the same kind would replace the quest's)
  act(() => void window.dispatchEvent(new CustomEvent(NOTIFICATION_EVENT, { detail: note('daily_reward', 'Ежедневная награда') })));
  const toasts = screen.getAllByRole('status').map((el) => el.textContent);
  expect(toasts).toContain('Задание выполнено');
  expect(toasts).not.toContain('Ежедневная награда');
});
