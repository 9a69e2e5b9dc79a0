import { useRoving } from './roving';

/**
 * WAI-ARIA tabs: the tab list is one Tab stop, the arrow keys (and Home, End) move to and select
 * a tab, and each tab names the panel it controls. Spread `list` on the tablist, `tab(k)` on each
 * tab button and `panel` on the shown panel; ids are `{prefix}tab-{k}` and `{prefix}panel-{k}`.
 */
export function useTabs<T extends string>(tabs: readonly T[], current: T, select: (tab: T) => void, prefix = '') {
  const roving = useRoving(tabs, current, select);
  return {
    /** the tab buttons, for scrolling the selected one into view */
    refs: roving.refs,
    list: { role: 'tablist', onKeyDown: roving.onKeyDown },
    tab: (k: T) => ({
      ...roving.item(k),
      role: 'tab',
      type: 'button' as const,
      id: `${prefix}tab-${k}`,
      'aria-selected': current === k,
      'aria-controls': `${prefix}panel-${k}`,
      onClick: () => select(k),
    }),
    panel: { role: 'tabpanel', id: `${prefix}panel-${current}`, 'aria-labelledby': `${prefix}tab-${current}` },
  };
}
