import { useEffect } from 'react';

/**
 * When the focused control leaves the page (its row deleted, its card voted away, the page
 * replaced) the browser drops the focus to <body>, and a keyboard or screen-reader user starts
 * again from the top. This hands it to the page's heading instead (else to `root` itself), a frame
 * later, and only if nothing else took the focus meanwhile (a dialog handing it back, say).
 */
export function useFocusRescue(root: () => HTMLElement | null) {
  useEffect(() => {
    const main = root();
    if (!main) return;
    let last: Element | null = null;
    const onFocusIn = (e: FocusEvent) => {
      last = e.target as Element;
    };
    let frame = 0;
    const rescue = () => {
      const active = document.activeElement;
      if (!last || last.isConnected || (active && active !== document.body)) return;
      const target = main.querySelector<HTMLElement>('h1') ?? main;
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    };
    const observer = new MutationObserver(() => {
      if (!last || last.isConnected) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(rescue);
    });
    document.addEventListener('focusin', onFocusIn);
    observer.observe(main, { childList: true, subtree: true });
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [root]);
}
