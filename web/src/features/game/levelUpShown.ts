/**
 * A level-up a spin announces in its own message: the live level_up notice it causes is not
 * toasted a second time. The notice may come before the spin's answer, so a spin being saved
 * counts as announced too.
 */
let shownAt = 0;
let spinsSaving = 0;
const WINDOW_MS = 15_000;

export function markLevelUpShown(now = Date.now()): void {
  shownAt = now;
}

/** Around the request that saves a spin. */
export const spinSaving = {
  begin: () => void (spinsSaving += 1),
  end: () => void (spinsSaving = Math.max(0, spinsSaving - 1)),
};

export function levelUpJustShown(now = Date.now()): boolean {
  return spinsSaving > 0 || now - shownAt < WINDOW_MS;
}
