import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { BrowserRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { AuthModalProvider } from '../features/auth/modal';
import GreetingPage from '../features/greetings/pages/GreetingPage';
import { SessionProvider, useSession } from '../features/auth/session';
import { PreferencesProvider } from '../features/settings/preferences';
import { useTranslation } from '../i18n';
import { isTelegramPath, setDefaultTelegramBackButton, TELEGRAM_BASE, TelegramProvider, useTelegram } from '../telegram';
import { LoadingState } from '../ui/Spinner';
import { ToastProvider } from '../ui/toast';
import { createQueryClient } from './query';

/** Any other page: the whole app, loaded afresh at that address. */
function FullApp() {
  const location = useLocation();
  useEffect(() => {
    window.location.reload();
  }, [location.key]);
  return null;
}

function Frame() {
  const { t } = useTranslation('common');
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const { isTelegramApp } = useTelegram();
  useEffect(() => {
    const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
    setDefaultTelegramBackButton({ visible: canGoBack, onBack: () => navigate(-1) });
  }, [isTelegramApp, location.key, navigate]);
  return (
    <main id="main" tabIndex={-1} className="min-h-dvh bg-bg text-text outline-none">
      <Suspense fallback={<LoadingState text={t('loading')} />}>
        {session.loading ? (
          <LoadingState text={t('loading')} />
        ) : (
          <Routes>
            <Route path="/greeting/:greetingId" Component={GreetingPage} />
            <Route path="*" Component={FullApp} />
          </Routes>
        )}
      </Suspense>
    </main>
  );
}

/**
 * What a recipient's first visit to /greeting/{id} runs: the greeting page with the providers it
 * uses, without the shell (rail, game bar, sidebar) or the gallery, so the first load stays small.
 * Leaving for another page loads the whole app there.
 */
export function GreetingApp() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <TelegramProvider fallback={<div className="min-h-dvh bg-bg" />}>
          <BrowserRouter basename={isTelegramPath() ? TELEGRAM_BASE : undefined}>
            <SessionProvider>
              <PreferencesProvider>
                <AuthModalProvider>
                  <Frame />
                </AuthModalProvider>
              </PreferencesProvider>
            </SessionProvider>
          </BrowserRouter>
        </TelegramProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
