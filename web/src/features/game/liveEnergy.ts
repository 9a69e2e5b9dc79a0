import type { EnergyStatus } from '@otkrytka/contract';
import { YIN_REGEN } from '@otkrytka/contract/rules/game';
import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * How far the energy circle's figures are ahead of the cached energy status while a spin runs: the
 * yang a hold is gaining and the yin it costs (until the save lands in the cache). The hub's stats
 * and the top game bar add it, so every figure on screen says the same while a spin is running.
 */
export interface EnergyOffset {
  yang: number;
  yin: number;
}

const NONE: EnergyOffset = { yang: 0, yin: 0 };
let current = NONE;
const listeners = new Set<() => void>();

export function setLiveEnergyOffset(next: EnergyOffset): void {
  const value = next.yang === 0 && next.yin === 0 ? NONE : next;
  if (value.yang === current.yang && value.yin === current.yin) return;
  current = value;
  for (const l of listeners) l();
}

export function clearLiveEnergyOffset(): void {
  setLiveEnergyOffset(NONE);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const snapshot = () => current;

export function useLiveEnergyOffset(): EnergyOffset {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/**
 * The yin at `now`: it rises by up to 1 every 5 s toward the level cap exactly on the server's
 * regeneration schedule, so the figure never
 * runs ahead of what the server will say. `fetchedAt`: when `status` was read.
 */
export function yinAt(status: EnergyStatus, fetchedAt: number, now: number): number {
  if (!status.next_yin_at) return status.yin_energy;
  const serverNow = Date.parse(status.server_time) + (now - fetchedAt);
  const next = Date.parse(status.next_yin_at);
  if (serverNow < next) return status.yin_energy;
  const steps = 1 + Math.floor((serverNow - next) / YIN_REGEN.everyMs);
  return Math.min(status.yin_cap, status.yin_energy + steps * YIN_REGEN.amount);
}

/** The yin shown between server reads, ticking each second only while it is still refilling. */
export function useDisplayedYin(status: EnergyStatus | undefined, fetchedAt: number): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  const refilling = !!status?.next_yin_at && status.yin_energy < status.yin_cap;
  useEffect(() => {
    if (!refilling) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [refilling]);
  return status && yinAt(status, fetchedAt, refilling ? Math.max(now, fetchedAt) : fetchedAt);
}
