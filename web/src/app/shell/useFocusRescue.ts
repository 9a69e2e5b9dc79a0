import { useEffect } from 'react';
import { placeOf } from './focusPlace';

/**
 * Hands the focus on when the focused control leaves the page inside `root()` (focusRescue.ts).
 * Loaded by the page's first focus, which is when it starts to matter: a page only looked at never
 * loads it.
 */
export function useFocusRescue(root: () => HTMLElement | null) {
  useEffect(() => {
    const main = root();
    if (!main) return;
    let stop: (() => void) | undefined;
    let live = true;
    const start = (e: FocusEvent) => {
      document.removeEventListener('focusin', start);
      // taken now: the control may leave before the rescue has loaded
      const place = placeOf(e.target as Element);
      import('./focusRescue').then(
        ({ watchFocus }) => {
          if (live) stop = watchFocus(main, place);
        },
        () => undefined,
      );
    };
    document.addEventListener('focusin', start);
    return () => {
      live = false;
      document.removeEventListener('focusin', start);
      stop?.();
    };
  }, [root]);
}
