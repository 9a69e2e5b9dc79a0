/**
 * The postcard whose tile takes the focus when a grid next shows it: the card the viewer was
 * closed on, so a keyboard user goes on from where they were rather than from the top of the page.
 */
let pending: { id: number; until: number } | null = null;

/** The grid shown within this time after the viewer closed is the one it went back to. */
const RETURN_MS = 3000;

export function returnFocusTo(postcardId: number, now = Date.now()): void {
  pending = { id: postcardId, until: now + RETURN_MS };
}

/** True once, for that postcard's tile, while the return is fresh. */
export function takeReturnFocus(postcardId: number, now = Date.now()): boolean {
  if (!pending || pending.id !== postcardId) return false;
  const fresh = now <= pending.until;
  pending = null;
  return fresh;
}
