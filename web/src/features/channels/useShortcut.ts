import { useEffect, useRef } from 'react';
import { useMediaQuery } from '@/ui/useMediaQuery';

/** Desktop keyboard shortcuts apply above the mobile breakpoint (wider than 640 px). */
export const DESKTOP_MIN_WIDTH = 640;

/**
 * Calls `handler` when one of `keys` is pressed on a wide screen, unless the user is typing in a
 * field or (unless `inDialog`) a dialog is open. Keys are compared case-insensitively (`KeyboardEvent.key`), so Cyrillic letters work too.
 */
export function useShortcut(keys: string[], handler: () => void, { enabled = true, inDialog = false } = {}) {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  const keyList = keys.join('|');
  useEffect(() => {
    if (!enabled) return;
    const wanted = keyList.toLowerCase().split('|');
    const onKey = (e: KeyboardEvent) => {
      if (window.innerWidth <= DESKTOP_MIN_WIDTH || e.ctrlKey || e.metaKey || e.altKey || e.repeat) return;
      const el = e.target as HTMLElement | null;
      if (el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName))) return;
      // only an open (modal) dialog holds the keys: the closed sidebar keeps role="dialog" too
      if (!inDialog && document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      if (!wanted.includes(e.key.toLowerCase())) return;
      e.preventDefault();
      ref.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [keyList, enabled, inDialog]);
}

/**
 * Whether to tell of the shortcuts (a key's hint in a title, `aria-keyshortcuts`): where they work,
 * on a wide screen, and with a mouse, so a phone's screen reader never reads «(клавиша Insert)».
 */
export function useShortcutHints(): boolean {
  return useMediaQuery(`(min-width: ${DESKTOP_MIN_WIDTH + 1}px) and (hover: hover) and (pointer: fine)`);
}
