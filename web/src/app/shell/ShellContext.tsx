import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

interface SidebarApi {
  isOpen: boolean;
  /** open, close and toggle keep their identity across renders */
  open(): void;
  close(): void;
  toggle(): void;
}

const SidebarContext = createContext<SidebarApi | null>(null);

export function SidebarProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const open = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((o) => !o), []);
  const api = useMemo<SidebarApi>(() => ({ isOpen, open, close, toggle }), [isOpen, open, close, toggle]);
  return <SidebarContext.Provider value={api}>{children}</SidebarContext.Provider>;
}

/** The slide-in sidebar's state. */
export function useSidebar(): SidebarApi {
  const s = useContext(SidebarContext);
  if (!s) throw new Error('useSidebar outside SidebarProvider');
  return s;
}
