/** A level-up the spin just announced: its live level_up notice is not toasted a second time. */
let shownAt = 0;
const WINDOW_MS = 15_000;

export function markLevelUpShown(now = Date.now()): void {
  shownAt = now;
}

export function levelUpJustShown(now = Date.now()): boolean {
  return now - shownAt < WINDOW_MS;
}
