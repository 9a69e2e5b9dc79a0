import { useSyncExternalStore } from 'react';

/**
 * How far the energy circle's figures are ahead of the cached energy status: the yang a hold is
 * gaining and the yin it costs (until the save lands in the cache) and the yin regenerated since
 * the last server read. The hub's stats and the top game bar add it, so every figure on screen
 * says the same while a spin is running.
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
