import { QueryClient } from '@tanstack/react-query';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '@/i18n';
import { relativeTime } from '../notifications/relativeTime';
import { formatDuration } from './components/bits';
import { rankBand } from './components/LevelTab';
import { tabOf } from './pages/GameHubPage';
import { compactNumber } from '@/lib/format';
import { gameKeys, refreshGameData } from './queries';

beforeAll(async () => {
  await initI18n('ru', 'all');
});

const invalidated = (event: string) => {
  const qc = new QueryClient();
  const spy = vi.spyOn(qc, 'invalidateQueries');
  refreshGameData(qc, event);
  return spy.mock.calls.map(([f]) => (f as { queryKey: readonly string[] }).queryKey);
};

describe('game refresh events', () => {
  it.each(['energy_spent', 'energy_added', 'energy_spin'])('%s refreshes only the energy status', (e) => {
    expect(invalidated(e)).toEqual([gameKeys.energy]);
  });

  it.each(['experience_added', 'level_up', 'quest_completed', 'achievement_unlocked', 'something_new'])('%s refreshes the summary', (e) => {
    expect(invalidated(e)).toEqual([gameKeys.summary]);
  });

  it('manual_refresh refreshes summary, energy and full data', () => {
    expect(invalidated('manual_refresh')).toEqual([gameKeys.summary, gameKeys.energy, gameKeys.full]);
  });
});

describe('hub helpers', () => {
  it('opens the resources tab by default and for unknown tabs', () => {
    expect(tabOf(null)).toBe('resources');
    expect(tabOf('nope')).toBe('resources');
    expect(tabOf('production')).toBe('production');
  });

  it('colours ranks in bands: up to 100, 101–200, 201–300, beyond', () => {
    const badge = (r: number) => rankBand(r).badge;
    expect(badge(1)).toBe(badge(100));
    expect(badge(101)).toBe(badge(200));
    expect(badge(201)).toBe(badge(300));
    expect(new Set([badge(100), badge(101), badge(201), badge(301)]).size).toBe(4);
    expect(rankBand(null).badge).toContain('text-muted');
  });

  it('writes big numbers with К and М (K and M in English)', () => {
    expect(compactNumber(999)).toBe('999');
    expect(compactNumber(1000)).toBe('1К');
    // never "1000К"
    expect(compactNumber(999_950)).toBe('1М');
    expect(compactNumber(999_949)).toBe('999,9К');
    expect(compactNumber(999_950, 'en')).toBe('1M');
    expect(compactNumber(1550)).toBe('1,6К');
    expect(compactNumber(2_500_000)).toBe('2,5М');
    expect(compactNumber(1550, 'en')).toBe('1.6K');
    expect(compactNumber(2_000_000, 'en')).toBe('2M');
  });

  it('writes durations in hours, minutes and seconds', () => {
    const t = i18n.t;
    expect(formatDuration(9, t)).toBe('9 с');
    expect(formatDuration(60, t)).toBe('1 мин');
    expect(formatDuration(125, t)).toBe('2 мин 5 с');
    expect(formatDuration(3725, t)).toBe('1 ч 2 мин');
  });

  it('writes relative times: just now, minutes, hours, days ago, with Russian plurals', () => {
    const t = i18n.t;
    const now = Date.parse('2025-03-08T12:00:00Z');
    const ago = (s: number) => relativeTime(new Date(now - s * 1000).toISOString(), now, t);
    expect(ago(10)).toBe('только что');
    expect(ago(60)).toBe('1 минуту назад');
    expect(ago(3 * 60)).toBe('3 минуты назад');
    expect(ago(11 * 60)).toBe('11 минут назад');
    expect(ago(2 * 3600)).toBe('2 часа назад');
    expect(ago(5 * 3600)).toBe('5 часов назад');
    expect(ago(21 * 24 * 3600)).toBe('21 день назад');
    // a time slightly ahead of the local clock is still "just now"
    expect(ago(-30)).toBe('только что');
  });
});

describe('focus and visibility refresh', () => {
  it('invalidates the summary and full data and refreshes energy when the window gains focus, once however many use it', async () => {
    const { renderHook } = await import('@testing-library/react');
    const { QueryClientProvider } = await import('@tanstack/react-query');
    const { createElement } = await import('react');
    const { useGameFocusRefresh } = await import('./queries');
    const qc = new QueryClient();
    const spy = vi.spyOn(qc, 'invalidateQueries');
    const wrapper = ({ children }: { children: React.ReactNode }) => createElement(QueryClientProvider, { client: qc }, children);
    const a = renderHook(() => useGameFocusRefresh(true), { wrapper });
    const b = renderHook(() => useGameFocusRefresh(true), { wrapper });
    window.dispatchEvent(new Event('focus'));
    expect(spy.mock.calls.map(([f]) => (f as { queryKey: unknown }).queryKey)).toEqual([gameKeys.summary, gameKeys.full, gameKeys.energy]);
    a.unmount();
    spy.mockClear();
    window.dispatchEvent(new Event('focus'));
    expect(spy).toHaveBeenCalledTimes(3); // the other user keeps it installed
    b.unmount();
    spy.mockClear();
    window.dispatchEvent(new Event('focus'));
    expect(spy).not.toHaveBeenCalled();
  });

  it('does the same when the page becomes visible again, but not when it is hidden', async () => {
    const { renderHook } = await import('@testing-library/react');
    const { QueryClientProvider } = await import('@tanstack/react-query');
    const { createElement } = await import('react');
    const { useGameFocusRefresh } = await import('./queries');
    const qc = new QueryClient();
    const spy = vi.spyOn(qc, 'invalidateQueries');
    const wrapper = ({ children }: { children: React.ReactNode }) => createElement(QueryClientProvider, { client: qc }, children);
    const hook = renderHook(() => useGameFocusRefresh(true), { wrapper });
    const setVisibility = (v: DocumentVisibilityState) => Object.defineProperty(document, 'visibilityState', { value: v, configurable: true });
    setVisibility('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(spy).not.toHaveBeenCalled();
    setVisibility('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(spy.mock.calls.map(([f]) => (f as { queryKey: unknown }).queryKey)).toEqual([gameKeys.summary, gameKeys.full, gameKeys.energy]);
    hook.unmount();
  });

  it('is not installed while game data is off (signed out or on an auth page)', async () => {
    const { renderHook } = await import('@testing-library/react');
    const { QueryClientProvider } = await import('@tanstack/react-query');
    const { createElement } = await import('react');
    const { useGameFocusRefresh } = await import('./queries');
    const qc = new QueryClient();
    const spy = vi.spyOn(qc, 'invalidateQueries');
    const wrapper = ({ children }: { children: React.ReactNode }) => createElement(QueryClientProvider, { client: qc }, children);
    const hook = renderHook(() => useGameFocusRefresh(false), { wrapper });
    window.dispatchEvent(new Event('focus'));
    expect(spy).not.toHaveBeenCalled();
    hook.unmount();
  });
});
