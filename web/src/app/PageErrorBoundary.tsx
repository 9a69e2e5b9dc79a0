import { Component, type ErrorInfo, type ReactNode, useEffect } from 'react';
import { useTranslation } from '../i18n';
import { ErrorState } from '../ui/States';
import { retryFailedLoads } from './failedLoads';

const reload = () => window.location.reload();

/**
 * What a page that failed to render shows: the app around it stays, and a reload usually mends it.
 * Offline, the page's script could not load: it says so and offers «Повторить», which loads the
 * script again (a reload would only show the browser's own offline page); it retries by itself
 * once the connection is back.
 */
function PageFailed({ offline, onRetry }: { offline: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!offline) return;
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [offline, onRetry]);
  return offline ? (
    <ErrorState title={t('pageFailed.offlineTitle')} detail={t('errorCodes.NETWORK')} onRetry={onRetry} retryLabel={t('retry')} />
  ) : (
    <ErrorState title={t('pageFailed.title')} detail={t('pageFailed.text')} onRetry={reload} retryLabel={t('pageFailed.reload')} />
  );
}

/**
 * Catches an error thrown while a page renders (or a page's script that no longer loads after a
 * deploy), so one broken page is not a blank screen. A failed page is left when `path` changes;
 * a page that works is never remounted by it (the viewer changes its path on every swipe).
 */
export class PageErrorBoundary extends Component<{ path: string; children: ReactNode }, { failed: boolean; offline: boolean; path: string }> {
  override state = { failed: false, offline: false, path: this.props.path };

  static getDerivedStateFromError() {
    return { failed: true, offline: !navigator.onLine };
  }

  static getDerivedStateFromProps(props: { path: string }, state: { path: string }) {
    return props.path === state.path ? null : { failed: false, offline: false, path: props.path };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('page failed to render', error, info.componentStack);
  }

  private readonly retry = () => {
    retryFailedLoads();
    this.setState({ failed: false, offline: false });
  };

  override render() {
    return this.state.failed ? <PageFailed offline={this.state.offline} onRetry={this.retry} /> : this.props.children;
  }
}
