import type { EnergyStatus } from '@otkrytka/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, renderInApp, stubApi } from '@/app/test-utils';
import { EnergyCircle } from './components/EnergyCircle';
import { useLiveEnergyOffset } from './liveEnergy';

/** What the hub's stats and the top bar add to the cached status. */
function OffsetProbe() {
  const o = useLiveEnergyOffset();
  return <output data-testid="offset">{`${o.yang}/${o.yin}`}</output>;
}

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
    spin_status: { can_spin: yin > 0, reason: yin > 0 ? null : 'Недостаточно Инь энергии', max_seconds: 0 },
  };
};

let calls: ApiCall[];
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'performance', 'Date'] });
  calls = stubApi((c) => {
    if (c.url === '/api/game/spin/start') return { status: 200, body: { spin_id: 'tok', started_at: '', server_time: '', yin_energy: 3, max_seconds: 7 } };
    if (c.url === '/api/game/spin') {
      const b = c.body as { yangGained: number; yinSpent: number };
      return { status: 200, body: { success: true, saved: true, energy_change: b.yangGained, yin_spent: b.yinSpent, experience_gain: b.yangGained / 2, yang_energy: 20 + b.yangGained, yin_energy: 3 - b.yinSpent, total_energy: 0, level: 1, level_up: false } };
    }
    return undefined;
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const spinCalls = () => calls.filter((c) => c.url.startsWith('/api/game/spin'));

describe('hold-to-spin', () => {
  it('ticks each second from the server token and saves the pair the conversion gives on release', async () => {
    await renderInApp(<EnergyCircle status={status(30)} fetchedAt={Date.now()} />, { route: '/game-data' });
    const circle = screen.getByTestId('energy-circle');
    fireEvent.keyDown(circle, { key: ' ' });
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByTestId('spin-label')).toHaveTextContent('Вращение: 0 с');
    expect(screen.getByTestId('spin-figures').textContent).toBe(''); // not «+0 Ян −0 Инь»
    await act(() => vi.advanceTimersByTimeAsync(4100));
    expect(screen.getByTestId('spin-label')).toHaveTextContent('Вращение: 4 с');
    expect(screen.getByTestId('spin-figures')).toHaveTextContent('+4 Ян−2 Инь');
    fireEvent.keyUp(circle, { key: ' ' });
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(spinCalls().map((c) => [c.url, c.body])).toEqual([
      ['/api/game/spin/start', {}],
      ['/api/game/spin', { spin_id: 'tok', totalSpinTime: 4, yangGained: 4, yinSpent: 2 }],
    ]);
  });

  it('warns in the last ten seconds before 60 s that the whole spin will cost 1 Инь per Ян', async () => {
    stubApi((c) => (c.url === '/api/game/spin/start' ? { status: 200, body: { spin_id: 'long', started_at: '', server_time: '', yin_energy: 100, max_seconds: 100 } } : undefined));
    await renderInApp(<EnergyCircle status={status(100)} fetchedAt={Date.now()} />, { route: '/game-data' });
    const circle = screen.getByTestId('energy-circle');
    fireEvent.keyDown(circle, { key: ' ' });
    await act(() => vi.advanceTimersByTimeAsync(49_050));
    expect(screen.getByTestId('spin-label')).toHaveTextContent('Вращение: 49 с');
    expect(screen.queryByTestId('spin-price-rise')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByTestId('spin-price-rise')).toHaveTextContent('Через 9 с всё вращение подорожает: 1 Инь за 1 Ян') // at 61 s;
    await act(() => vi.advanceTimersByTimeAsync(9000));
    expect(screen.getByTestId('spin-label')).toHaveTextContent('Вращение: 61 с');
    expect(screen.queryByTestId('spin-price-rise')).toBeNull();
    fireEvent.keyUp(circle, { key: ' ' });
  });

  it('stops by itself when the next second would cost more yin than there is', async () => {
    await renderInApp(<EnergyCircle status={status(3)} fetchedAt={Date.now()} />, { route: '/game-data' });
    fireEvent.keyDown(screen.getByTestId('energy-circle'), { key: ' ' });
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    // 7 s: 6 yang for 3 yin; 8 s would cost 4
    expect(spinCalls()[1]?.body).toEqual({ spin_id: 'tok', totalSpinTime: 7, yangGained: 6, yinSpent: 3 });
    expect(screen.getByText('Инь энергия закончилась — вращение остановлено')).toBeInTheDocument();
  });

  it('stops when the circle loses focus while the key is held, and saves what was spun', async () => {
    await renderInApp(<EnergyCircle status={status(30)} fetchedAt={Date.now()} />, { route: '/game-data' });
    const circle = screen.getByTestId('energy-circle');
    circle.focus();
    fireEvent.keyDown(circle, { key: ' ' });
    await act(() => vi.advanceTimersByTimeAsync(4100));
    // a click elsewhere, or Tab, before the key comes up: the key-up then never reaches the circle
    fireEvent.blur(circle);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(spinCalls().map((c) => [c.url, c.body])).toEqual([
      ['/api/game/spin/start', {}],
      ['/api/game/spin', { spin_id: 'tok', totalSpinTime: 4, yangGained: 4, yinSpent: 2 }],
    ]);
    expect(screen.getByTestId('spin-label')).not.toHaveTextContent('Вращение');
  });

  it('saves nothing for a short press', async () => {
    await renderInApp(<EnergyCircle status={status(30)} fetchedAt={Date.now()} />, { route: '/game-data' });
    const circle = screen.getByTestId('energy-circle');
    fireEvent.keyDown(circle, { key: ' ' });
    await act(() => vi.advanceTimersByTimeAsync(1500));
    fireEvent.keyUp(circle, { key: ' ' });
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(spinCalls().map((c) => c.url)).toEqual(['/api/game/spin/start']);
    expect(screen.getByText('Удерживайте дольше: нужно хотя бы 2 Ян')).toBeInTheDocument();
  });

  it("says 'Недостаточно Инь энергии' and does not start without yin", async () => {
    await renderInApp(<EnergyCircle status={status(0)} fetchedAt={Date.now()} />, { route: '/game-data' });
    expect(screen.getByTestId('spin-label')).toHaveTextContent('Недостаточно Инь энергии');
    // a screen reader is not asked to hold what cannot spin
    expect(screen.getByRole('button', { name: 'Круг энергии, 20 всего: Ян 20, Инь 0. Недостаточно Инь энергии, чтобы вращать' })).toHaveAttribute('aria-disabled', 'true');
    fireEvent.keyDown(screen.getByTestId('energy-circle'), { key: ' ' });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(spinCalls()).toEqual([]);
  });
});

describe('figures during a spin', () => {
  it('shows the live yang, yin, share and yin state, and hands the same offset to the stats and bar', async () => {
    const { unmount } = await renderInApp(
      <>
        <EnergyCircle status={status(100)} fetchedAt={Date.now()} />
        <OffsetProbe />
      </>,
      { route: '/game-data' },
    );
    const text = (id: string) => screen.getByTestId(id).textContent;
    expect(text('yin-state')).toBe('Инь энергия заполнена (100)');
    expect(text('yang-percent')).toBe('16,7%'); // 20 of 120
    fireEvent.keyDown(screen.getByTestId('energy-circle'), { key: ' ' });
    await act(() => vi.advanceTimersByTimeAsync(2050));
    expect([text('yang-value'), text('yin-value'), text('energy-total')]).toEqual(['22', '99', '121']);
    expect(text('yang-percent')).toBe('18,2%'); // 22 of 121
    expect(text('yin-state')).toBe('+1 Инь каждые 5 с, лимит 100');
    expect(text('offset')).toBe('2/-1');
    unmount();
  });

  it('clears the offset when the circle goes away', async () => {
    const { unmount } = await renderInApp(<EnergyCircle status={status(100)} fetchedAt={Date.now()} />, { route: '/game-data' });
    fireEvent.keyDown(screen.getByTestId('energy-circle'), { key: ' ' });
    await act(() => vi.advanceTimersByTimeAsync(2050));
    unmount();
    await renderInApp(<OffsetProbe />, { route: '/game-data' });
    expect(screen.getByTestId('offset')).toHaveTextContent('0/0');
  });
});

describe('yin display', () => {
  it('rises by 1 every 5 s on the server’s schedule, up to the cap, without asking the server', async () => {
    const s = { ...status(98), next_yin_at: new Date(Date.now() + 5000).toISOString() };
    await renderInApp(<EnergyCircle status={s} fetchedAt={Date.now()} />, { route: '/game-data' });
    const yin = () => screen.getByTestId('yin-value').textContent;
    expect(yin()).toBe('98');
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(yin()).toBe('98');
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(yin()).toBe('99');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(yin()).toBe('100');
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(yin()).toBe('100'); // the level cap
    expect(screen.getByText('Инь энергия заполнена (100)')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/user-game-data'))).toEqual([]);
  });
});
