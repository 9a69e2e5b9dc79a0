import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from '../i18n';
import { ErrorState } from '../ui/States';

/** What a page that failed to render shows: the app around it stays, and a reload usually mends it. */
function PageFailed() {
  const { t } = useTranslation();
  return <ErrorState title={t('pageFailed.title')} detail={t('pageFailed.text')} onRetry={() => window.location.reload()} retryLabel={t('pageFailed.reload')} />;
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
