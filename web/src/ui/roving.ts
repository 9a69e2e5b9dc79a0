import { type KeyboardEvent, useRef } from 'react';

/**
 * A group that is one Tab stop (WAI-ARIA tabs, radio groups): the chosen item takes the Tab stop,
 * the arrow keys (left and right; also up and down for a radio group), Home and End choose and
 * focus another.
 */
export function useRoving<T extends string>(items: readonly T[], current: T, choose: (item: T) => void, o: { upDown?: boolean } = {}) {
  const refs = useRef<Partial<Record<T, HTMLElement | null>>>({});
  const onKeyDown = (e: KeyboardEvent) => {
    // from the focused item: a second key pressed before the first choice has re-rendered
    // (a tab kept in the address) moves on from where the focus is, not from the stale choice
    const focused = items.find((k) => refs.current[k] === document.activeElement);
    const i = Math.max(0, items.indexOf(focused ?? current));
    const n = items.length;
    const next = items[(i + 1) % n];
    const previous = items[(i + n - 1) % n];
    const keys: Record<string, T | undefined> = { ArrowRight: next, ArrowLeft: previous, Home: items[0], End: items[n - 1] };
    if (o.upDown) Object.assign(keys, { ArrowDown: next, ArrowUp: previous });
    const to = keys[e.key];
    if (to === undefined) return;
    e.preventDefault();
    choose(to);
    refs.current[to]?.focus();
  };
  return {
    refs,
    onKeyDown,
    /** what each item needs: its ref and its place in the Tab order */
    item: (k: T) => ({
      ref: (el: HTMLElement | null) => {
        refs.current[k] = el;
      },
      tabIndex: current === k ? 0 : -1,
    }),
  };
}
