import { useEffect } from 'react';

let locks = 0;

/** Keeps the page behind from scrolling while `active` (modals, the sidebar); nests safely. */
export function useScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    locks += 1;
    document.body.style.overflow = 'hidden';
    return () => {
      locks -= 1;
      if (locks === 0) document.body.style.overflow = '';
    };
  }, [active]);
}
