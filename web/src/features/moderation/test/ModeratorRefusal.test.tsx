import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubApi, stubSignedInApi, testUser } from '@/app/test-utils';
import { Route, Routes } from '@/router';
import ModeratorPage from '../pages/ModeratorPage';

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const open = () =>
  renderInApp(
    <Routes>
      <Route path="/moderator" element={<ModeratorPage />} />
      <Route path="/" element={<h1>Главная</h1>} />
    </Routes>,
    { route: '/moderator' },
  );

describe('/moderator refused', () => {
  it('a visitor (maybe the moderator, not signed in yet) is offered the sign-in, which comes back to the panel, and stays', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubApi(() => undefined);
    await open();
    expect(await screen.findByRole('heading', { name: 'Доступ запрещен' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/auth?returnTo=%2Fmoderator');
    expect(document.title).toBe('Доступ запрещен — Открытка');
    // not sent away before they can sign in
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.getByRole('heading', { name: 'Доступ запрещен' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/moderation'))).toEqual([]);
  });

  it('a signed-in user who is not the moderator is refused without a sign-in and sent to /', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubSignedInApi(() => undefined, testUser({ is_moderator: false }));
    await open();
    expect(await screen.findByRole('heading', { name: 'Доступ запрещен' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Войти' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1600));
    expect(await screen.findByRole('heading', { name: 'Главная' })).toBeInTheDocument();
  });
});
