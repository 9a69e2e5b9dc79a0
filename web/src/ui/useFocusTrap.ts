import { type RefObject, useEffect, useRef } from 'react';

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

/**
 * The element focused before the current one. A field with `autoFocus` inside a dialog takes focus
 * while the dialog mounts, before the trap's effect runs: the trap gives focus back to this one.
 */
let focusedBefore: Element | null = null;
let focusedNow: Element | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (e) => {
      focusedBefore = focusedNow;
      focusedNow = e.target as Element;
    },
    true,
  );
}

/**
 * While `active`: moves focus into `ref` (`initial` inside it, else a field that took focus as it
 * mounted, else the element itself), keeps Tab inside, calls `onEscape` on Escape (when given), and
 * gives focus back to where it was afterwards.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, active: boolean, onEscape?: () => void, initial?: string): void {
  const escape = useRef(onEscape);
  useEffect(() => {
    escape.current = onEscape;
  });
  const canEscape = !!onEscape;
  useEffect(() => {
    if (!active) return;
    const box = ref.current;
    const focused = document.activeElement;
    const focusedInside = !!focused && !!box?.contains(focused);
    const prev = (focusedInside ? focusedBefore : focused) as HTMLElement | null;
    const first = initial ? box?.querySelector<HTMLElement>(initial) : null;
    // a field that took focus as the dialog opened keeps it
    const target = first || !focusedInside ? (first ?? box) : null;
    target?.focus({ preventScroll: true });
    // a panel that slides in is still `visibility: hidden` as it opens, and refuses focus: try again
    // each frame until its transition has made it visible (a few frames at most)
    let retry = 0;
    const focusWhenShown = (framesLeft: number) => {
      if (!target || document.activeElement === target || framesLeft === 0) return;
      target.focus({ preventScroll: true });
      retry = requestAnimationFrame(() => focusWhenShown(framesLeft - 1));
    };
    if (target && document.activeElement !== target) retry = requestAnimationFrame(() => focusWhenShown(10));
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && canEscape) {
        e.stopPropagation();
        escape.current?.();
        return;
      }
      if (e.key !== 'Tab' || !ref.current) return;
      const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
      if (items.length === 0) {
        e.preventDefault();
        return;
      }
      const head = items[0]!;
      const tail = items[items.length - 1]!;
      const inside = ref.current.contains(document.activeElement);
      if (e.shiftKey && (document.activeElement === head || !inside)) {
        e.preventDefault();
        tail.focus();
      } else if (!e.shiftKey && (document.activeElement === tail || !inside)) {
        e.preventDefault();
        head.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      cancelAnimationFrame(retry);
      document.removeEventListener('keydown', onKey);
      if (prev && document.contains(prev)) prev.focus({ preventScroll: true });
    };
  }, [active, canEscape, ref, initial]);
}
