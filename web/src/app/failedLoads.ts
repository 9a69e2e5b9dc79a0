/**
 * Page scripts that failed to load (offline). Each stays failed, so React shows the error rather
 * than fetching it again on every render, until `retryFailedLoads` forgets them all and the next
 * render fetches them afresh.
 */
const forgets = new Set<() => void>();

export function rememberFailedLoad(forget: () => void) {
  forgets.add(forget);
}

export function retryFailedLoads() {
  for (const forget of forgets) forget();
  forgets.clear();
}
