import { type KeyboardEvent, useRef } from 'react';

/**
 * WAI-ARIA tabs: the tab list is one Tab stop, the arrow keys (and Home, End) move to and select
 * a tab, and each tab names the panel it controls. Spread `list` on the tablist, `tab(k)` on each
 * tab button and `panel` on the shown panel; ids are `{prefix}tab-{k}` and `{prefix}panel-{k}`.
 */
export function useTabs<T extends string>(tabs: readonly T[], current: T, select: (tab: T) => void, prefix = '') {
  const refs = useRef<Partial<Record<T, HTMLButtonElement | null>>>({});
  const onKeyDown = (e: KeyboardEvent) => {
    const i = tabs.indexOf(current);
    const n = tabs.length;
    const to = { ArrowRight: tabs[(i + 1) % n], ArrowLeft: tabs[(i + n - 1) % n], Home: tabs[0], End: tabs[n - 1] }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    select(to);
    refs.current[to]?.focus();
  };
  return {
    /** the tab buttons, for scrolling the selected one into view */
    refs,
    list: { role: 'tablist', onKeyDown },
    tab: (k: T) => ({
      ref: (el: HTMLButtonElement | null) => {
        refs.current[k] = el;
      },
      role: 'tab',
      type: 'button' as const,
      id: `${prefix}tab-${k}`,
      'aria-selected': current === k,
      'aria-controls': `${prefix}panel-${k}`,
      tabIndex: current === k ? 0 : -1,
      onClick: () => select(k),
    }),
    panel: { role: 'tabpanel', id: `${prefix}panel-${current}`, 'aria-labelledby': `${prefix}tab-${current}` },
  };
}
