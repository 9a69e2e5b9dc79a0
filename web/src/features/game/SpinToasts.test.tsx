import type { EnergyStatus } from '@otkrytka/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubApi } from '@/app/test-utils';
import { EnergyCircle } from './components/EnergyCircle';
import { levelUpJustShown } from './levelUpShown';

/** a spin that levels up says so in one message, and the live level_up notice is not toasted again. */
const status = (yin: number): EnergyStatus => {
  const now = new Date().toISOString();
  return {
    yang_energy: 20,
    yin_energy: yin,
    total_energy: 20 + yin,
    yang_percent: 50,
    yin_percent: 50,
    last_update: now,
    current_time: now,
    server_time: now,
    server_timezone: 'UTC',
    python_time: Date.now() / 1000,
    original_yang_energy: 20,
    original_yin_energy: yin,
    original_total_energy: 20 + yin,
    yin_cap: 100,
    yin_regen: { every_ms: 5000, amount: 1 },
    next_yin_at: null,
    spin_status: { can_spin: true, reason: null, max_seconds: 0 },
  };
};

let announcedWhileSaving = false;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'performance', 'Date'] });
  stubApi((c) => {
    if (c.url === '/api/game/spin/start') return { status: 200, body: { spin_id: 'tok', started_at: '', server_time: '', yin_energy: 30, max_seconds: 60 } };
    if (c.url === '/api/game/spin') {
      // the live level_up notice may arrive before this answer: it must already count as announced
      announcedWhileSaving = levelUpJustShown();
      const b = c.body as { yangGained: number; yinSpent: number };
      return { status: 200, body: { success: true, saved: true, energy_change: b.yangGained, yin_spent: b.yinSpent, experience_gain: 50, yang_energy: 24, yin_energy: 28, total_energy: 0, level: 2, level_up: true } };
    }
    return undefined;
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('spin toasts', () => {
  it('a spin that levels up shows one message naming the new level', async () => {
    expect(levelUpJustShown()).toBe(false);
    await renderInApp(<EnergyCircle status={status(30)} fetchedAt={Date.now()} />, { route: '/game-data' });
    const circle = screen.getByTestId('energy-circle');
    fireEvent.keyDown(circle, { key: ' ' });
    await act(() => vi.advanceTimersByTimeAsync(4100));
    fireEvent.keyUp(circle, { key: ' ' });
    await act(() => vi.advanceTimersByTimeAsync(100));
    const toasts = screen.getAllByRole('status').filter((el) => /Вращение сохранено|Новый уровень/.test(el.textContent ?? ''));
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toHaveTextContent('Вращение сохранено: +4 Ян, +50 опыта. Новый уровень: 2!');
    expect(levelUpJustShown()).toBe(true);
    expect(announcedWhileSaving).toBe(true);
  });
});
