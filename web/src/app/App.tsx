import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from '../router';
import { AuthModalProvider } from '../features/auth/modal';
import { SessionProvider } from '../features/auth/session';
import { PreferencesProvider } from '../features/settings/preferences';
import { isTelegramPath, TELEGRAM_BASE, TelegramProvider } from '../telegram';
import { LogoMark } from '../ui/Logo';
import { Spinner } from '../ui/Spinner';
import { ToastProvider } from '../ui/toast';
import { Layout } from './Layout';
import { prefetchPageData } from './prefetch';
import { createQueryClient } from './query';
import { appRoutes } from './routes';
import { SidebarProvider } from './shell/ShellContext';

/** Shown until the Telegram SDK is ready. */
function BootScreen() {
  return (
    <div role="status" aria-busy="true" className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-bg">
      <LogoMark size={56} className="animate-float" />
      <Spinner size={26} className="text-primary" />
    </div>
  );
}

/** Later navigations start the next page's data with its chunk, too. */
function PrefetchOnNavigate() {
  const qc = useQueryClient();
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false; // the first page was started with the client
    else prefetchPageData(qc, pathname);
  }, [qc, pathname]);
  return null;
}

/**
 * Declarative routing (not the data router): the same routes at half the bytes, which keeps the
 * first page load small. Under /telegram the routes run with the router base /telegram.
 */
export function App() {
  const basename = isTelegramPath() ? TELEGRAM_BASE : undefined;
  const [queryClient] = useState(() => {
    const qc = createQueryClient();
    // the first page's data starts now, beside the session check and the page's chunk
    prefetchPageData(qc, window.location.pathname.slice(basename?.length ?? 0) || '/');
    return qc;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <TelegramProvider fallback={<BootScreen />}>
          <BrowserRouter basename={basename}>
            <SessionProvider>
              <PreferencesProvider>
                <SidebarProvider>
                  <AuthModalProvider>
                    <PrefetchOnNavigate />
                    <Routes>
                      <Route element={<Layout />}>
                        {appRoutes.map((r) => (
                          <Route key={r.path} path={r.path} Component={r.page} />
                        ))}
                      </Route>
                    </Routes>
                  </AuthModalProvider>
                </SidebarProvider>
              </PreferencesProvider>
            </SessionProvider>
          </BrowserRouter>
        </TelegramProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
