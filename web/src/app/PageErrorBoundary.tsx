import { Component, type ErrorInfo, type ReactNode, useEffect } from 'react';
import { useTranslation } from '../i18n';
import { ErrorState } from '../ui/States';

const reload = () => window.location.reload();

/**
 * What a page that failed to render shows: the app around it stays, and a reload usually mends it.
 * Offline, the page's script could not load: it says so, and reloads once the connection is back.
 */
function PageFailed() {
  const { t } = useTranslation();
  const offline = !navigator.onLine;
  useEffect(() => {
    if (!offline) return;
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [offline]);
  return <ErrorState title={t('pageFailed.title')} detail={offline ? t('errorCodes.NETWORK') : t('pageFailed.text')} onRetry={reload} retryLabel={t('pageFailed.reload')} />;
}

/**
 * Catches an error thrown while a page renders (or a page's script that no longer loads after a
 * deploy), so one broken page is not a blank screen. A failed page is left when `path` changes;
 * a page that works is never remounted by it (the viewer changes its path on every swipe).
 */
export class PageErrorBoundary extends Component<{ path: string; children: ReactNode }, { failed: boolean; path: string }> {
  override state = { failed: false, path: this.props.path };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { path: string }, state: { path: string }) {
    return props.path === state.path ? null : { failed: false, path: props.path };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('page failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <PageFailed /> : this.props.children;
  }
}
