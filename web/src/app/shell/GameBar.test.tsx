import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameSummary } from '@otkrytka/contract';
import { renderInApp, stubSignedInApi, testUser } from '../test-utils';
import { GAME_BAR_COLLAPSE_MS } from './constants';
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

it('shows no figures while the first ones load (not a 1 and a 20 that then jump), then the real ones', async () => {
  localStorage.setItem('access_token', 'tok');
  let release!: () => void;
  const arrived = new Promise<void>((r) => (release = r));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (url === '/api/auth/me') return json(testUser());
      if (url === '/api/user-game-data/summary') {
        await arrived;
        return json({ energy: 110, yang_energy: 90, yin_energy: 20, level: 3, experience: 0, coins: 0, gems: 0 } satisfies GameSummary);
      }
      if (url === '/api/user-game-data/energy-status') await new Promise(() => undefined);
      return new Response(JSON.stringify({ detail: 'Not found', code: 'NOT_FOUND' }), { status: 404 });
    }),
  );
  await renderInApp(<GameBar />, { route: '/gallery' });
  const level = await screen.findByRole('link', { name: 'Уровень загружается' });
  const chip = screen.getByRole('link', { name: 'Энергия загружается' });
  expect(level).not.toHaveTextContent('1');
  expect(chip).not.toHaveTextContent('20');
  expect(screen.getAllByTestId('game-bar-loading')).toHaveLength(2);
  release();
  expect(await screen.findByRole('link', { name: 'Уровень 3' })).toHaveTextContent('3');
  expect(screen.getByRole('link', { name: 'Энергия: 110 (Ян 90 + Инь 20)' })).toHaveTextContent('110');
  expect(screen.queryByTestId('game-bar-loading')).toBeNull();
});

describe('folded (after 2 s), the level badge speaks the unread notifications its red dot shows', () => {
  const summary = { energy: 47, yang_energy: 20, yin_energy: 27, level: 3, experience: 0, coins: 0, gems: 0 };
  const stub = (unread: number) =>
    stubSignedInApi((c) =>
      c.url === '/api/user-game-data/summary'
        ? { status: 200, body: summary }
        : c.url === '/api/notifications/unread-count'
          ? { status: 200, body: { unread_count: unread } }
          : undefined,
    );
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());
  const fold = () => act(() => vi.advanceTimersByTime(GAME_BAR_COLLAPSE_MS));

  it.each([
    [3, 'Уровень 3, непрочитанных уведомлений: 3'],
    [120, 'Уровень 3, непрочитанных уведомлений: 99+'],
  ])('%i unread: the bell is hidden and inert, so the badge is named «%s»', async (n, name) => {
    stub(n);
    await renderInApp(<GameBar />, { route: '/gallery' });
    await screen.findByRole('link', { name: `Уведомления, непрочитанных: ${n > 99 ? '99+' : n}` });
    // open, the bell says it and the badge is the level alone
    expect(screen.getByRole('link', { name: 'Уровень 3' })).toHaveAttribute('aria-expanded', 'true');
    fold();
    const badge = screen.getByRole('link', { name });
    expect(badge).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: /Уведомления/ })).toBeNull();
    // focus opens the bar; the badge keeps its name, which a screen reader is reading at that moment
    act(() => badge.focus());
    expect(badge).toHaveAccessibleName(name);
    expect(badge).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: /^Уведомления, непрочитанных/ })).toBeInTheDocument();
  });

  it('with nothing unread, the folded badge is the level alone', async () => {
    stub(0);
    await renderInApp(<GameBar />, { route: '/gallery' });
    await screen.findByRole('link', { name: 'Энергия: 47 (Ян 20 + Инь 27)' });
    fold();
    expect(screen.getByRole('link', { name: 'Уровень 3' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('in English too', async () => {
    stub(2);
    await renderInApp(<GameBar />, { route: '/gallery', language: 'en' });
    await screen.findByRole('link', { name: 'Notifications, unread: 2' });
    fold();
    expect(screen.getByRole('link', { name: 'Level 3, unread notifications: 2' })).toBeInTheDocument();
  });
});
