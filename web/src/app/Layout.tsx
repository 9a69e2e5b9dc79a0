import { Suspense } from 'react';
import { useTranslation } from '../i18n';
import { Outlet } from 'react-router';
import { LoadingState } from '../ui/Spinner';

/** The app frame around every page. (The shell work adds sidebar, rail, game bar and bottom bar.) */
export function Layout() {
  const { t } = useTranslation();
  return (
    <div className="min-h-dvh bg-bg text-text">
      <main>
        <Suspense fallback={<LoadingState text={t('loading')} />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
