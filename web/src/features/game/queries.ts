/**
 * Game data hooks used by the shell's top game bar and the game hub.
 * Placeholders until the game layer lands: they report "no data" without fetching.
 */
export interface GameBarData {
  level: number | null;
  energy: number | null;
}

export function useGameBarData(): GameBarData {
  return { level: null, energy: null };
}
