import { type ComponentType, useEffect, useState } from 'react';
import { preloadNamespaces } from '@/i18n';
import { useSidebar } from './ShellContext';

let loaded: ComponentType | undefined;
let loading: Promise<ComponentType | undefined> | undefined;

/** Starts loading the menu; its button calls it on a press, before the click that opens it. */
export function loadSidebar(): Promise<ComponentType | undefined> {
  // with the sign-in texts its way out (useLogoutAction) says
  loading ??= Promise.all([import('./Sidebar'), preloadNamespaces(['auth'])]).then(
    ([m]) => (loaded = m.Sidebar),
    () => (loading = undefined), // offline: the next opening tries again
  );
  return loading;
}

/**
 * The slide-in menu, loaded the first time it opens and kept after: it is on no page's first
 * screen, and leaving it out keeps it (and what only it uses) off every first load. Not
 * React.lazy: Suspense holds new content back up to 300 ms, which a menu cannot wait.
 */
export function LazySidebar() {
  const { isOpen } = useSidebar();
  const [Menu, setMenu] = useState(() => loaded);
  useEffect(() => {
    if (isOpen && !Menu) void loadSidebar().then((c) => c && setMenu(() => c));
  }, [isOpen, Menu]);
  return Menu ? <Menu /> : null;
}
