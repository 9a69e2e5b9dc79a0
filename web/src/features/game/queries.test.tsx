import type { EnergyStatus } from '@otkrytka/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, renderInApp, stubSignedInApi } from '@/app/test-utils';
import { clearLiveEnergyOffset, setLiveEnergyOffset } from './liveEnergy';
import { useGameBarData } from './queries';


function Bar() {
  const { level, energy, yang, yin } = useGameBarData();
  return (
    <>
      <output data-testid="bar">{`${level ?? '-'}/${energy ?? '-'}`}</output>
      <output data-testid="split">{`${yang ?? '-'}/${yin ?? '-'}`}</output>
    </>
  );
}

let calls: ApiCall[];
beforeEach(() => {
  calls = stubSignedInApi((c) => {
    if (c.url === '/api/user-game-data/summary') return { status: 200, body: { energy: 40, yang_energy: 20, yin_energy: 20, level: 2, experience: 100, coins: 0, gems: 0 } };
    if (c.url === '/api/user-game-data/energy-status') return { status: 500, body: { detail: 'no', code: 'INTERNAL' } };
    return undefined;
  });
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const gameCalls = () => calls.filter((c) => c.url.startsWith('/api/user-game-data') || c.url.startsWith('/api/game') || c.url.startsWith('/api/notifications'));

describe('game data fetching', () => {
  it('fetches the summary and energy for a signed-in user', async () => {
    await renderInApp(<Bar />, { route: '/gallery' });
    await waitFor(() => expect(screen.getByTestId('bar')).toHaveTextContent('2/40'));
    expect(gameCalls().map((c) => c.url)).toEqual(expect.arrayContaining(['/api/user-game-data/summary', '/api/user-game-data/energy-status']));
  });

  it.each(['/auth', '/telegram/auth'])('fetches nothing on %s', async (route) => {
    await renderInApp(<Bar />, { route });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/auth/me')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(gameCalls()).toEqual([]);
    expect(screen.getByTestId('bar')).toHaveTextContent('-/-');
  });

  it('fetches nothing for a visitor', async () => {
    localStorage.clear();
    await renderInApp(<Bar />, { route: '/gallery' });
    await new Promise((r) => setTimeout(r, 50));
    expect(gameCalls()).toEqual([]);
  });
});

describe('yin refilling between reads', () => {
  it('the bar counts the yin refilled since its last read on any page, not only beside the energy circle', async () => {
    const read = Date.now();
    const at = new Date(read).toISOString();
    const energy: EnergyStatus = {
      yang_energy: 30,
      yin_energy: 46,
      total_energy: 76,
      yang_percent: 39.5,
      yin_percent: 60.5,
      last_update: at,
      current_time: at,
      server_time: at,
      server_timezone: 'UTC',
      python_time: read / 1000,
      original_yang_energy: 30,
      original_yin_energy: 46,
      original_total_energy: 76,
      yin_cap: 100,
      yin_regen: { every_ms: 5000, amount: 1 },
      next_yin_at: new Date(read + 5000).toISOString(),
      spin_status: { can_spin: true, reason: null, max_seconds: 0 },
    };
    calls = stubSignedInApi((c) => {
      if (c.url === '/api/user-game-data/summary') return { status: 200, body: { energy: 76, yang_energy: 30, yin_energy: 46, level: 3, experience: 100, coins: 0, gems: 0 } };
      if (c.url === '/api/user-game-data/energy-status') return { status: 200, body: energy };
      return undefined;
    });
    vi.useFakeTimers({ shouldAdvanceTime: true, now: read });
    try {
      await renderInApp(<Bar />, { route: '/game-data?tab=production' });
      await waitFor(() => expect(screen.getByTestId('bar')).toHaveTextContent('3/76'));
      // a minute later: twelve refills of 1 yin, on the server's schedule
      await act(async () => vi.advanceTimersByTime(60_000));
      expect(screen.getByTestId('bar')).toHaveTextContent('3/88');
      expect(screen.getByTestId('split')).toHaveTextContent('30/58');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('live figures of a running spin', () => {
  it('the bar and the hub stats add what the energy circle shows beyond the cached status', async () => {
    await renderInApp(<Bar />, { route: '/game-data' });
    await waitFor(() => expect(screen.getByTestId('bar')).toHaveTextContent('2/40'));
    act(() => setLiveEnergyOffset({ yang: 2, yin: -1 }));
    expect(screen.getByTestId('bar')).toHaveTextContent('2/41');
    expect(screen.getByTestId('split')).toHaveTextContent('22/19');
    act(() => clearLiveEnergyOffset());
    expect(screen.getByTestId('split')).toHaveTextContent('20/20');
  });
});
