import { type ReactNode, useEffect } from 'react';
import { useTranslation } from '../i18n';
import { errorMessage } from '../lib/errorMessage';
import { Button } from './Button';
import { AlertIcon } from './icons-first';

/** A friendly "nothing here yet" block: an icon from the app's set (`ui/icons`), a title, a line and an action. */
export function EmptyState({
  icon,
  title,
  text,
  action,
  heading: Heading = 'h2',
}: {
  icon?: ReactNode;
  title: string;
  text?: ReactNode;
  action?: ReactNode;
  /** h1 when it is all the page says (a page not found) */
  heading?: 'h1' | 'h2';
}) {
  return (
    <div className="mx-auto flex max-w-sm animate-fade-in flex-col items-center gap-3 px-6 py-14 text-center">
      {icon && (
        <div
          aria-hidden="true"
          className="mb-1 inline-flex h-20 w-20 items-center justify-center rounded-[28px] bg-primary-soft text-4xl text-primary [&>svg]:h-9 [&>svg]:w-9 shadow-[inset_0_0_0_1px_rgb(226_70_111/10%)]"
        >
          {icon}
        </div>
      )}
      <Heading className="text-lg font-bold tracking-tight">{title}</Heading>
      {text && <div className="text-sm leading-relaxed text-muted">{text}</div>}
      {action && <div className="mt-1">{action}</div>}
    </div>
  );
}

/**
 * A failed load: what went wrong and a retry button. Given the `error`, it also says why — no
 * connection, no answer in time, or the server's word — in the words the toasts use.
 */
export function ErrorState({
  title,
  detail,
  error,
  onRetry,
  retryLabel,
}: {
  title: string;
  detail?: string;
  error?: unknown;
  onRetry?: () => void;
  retryLabel?: string;
}) {
  const { t } = useTranslation();
  detail ??= error ? errorMessage(error, '') || undefined : undefined;
  return (
    <div role="alert" className="mx-auto flex max-w-sm animate-fade-in flex-col items-center gap-3 px-6 py-14 text-center">
      <div aria-hidden="true" className="mb-1 inline-flex h-16 w-16 items-center justify-center rounded-3xl bg-danger/10 text-danger">
        <AlertIcon size={30} />
      </div>
      <h2 className="text-lg font-bold tracking-tight">{title}</h2>
      {detail && <p className="break-words text-sm text-muted">{detail}</p>}
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          {retryLabel ?? t('retry')}
        </Button>
      )}
    </div>
  );
}

/**
 * The next page of a list failed: the items already shown stay, and this sits under them with a
 * retry, which also runs by itself when the connection comes back. Given the `error`, it says why.
 */
export function MoreFailed({ onRetry, error }: { onRetry: () => void; error?: unknown }) {
  const { t } = useTranslation();
  const why = error ? errorMessage(error, '') : '';
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  return (
    <div role="alert" className="flex flex-col items-center gap-2 py-6 text-center">
      <p className="text-sm text-muted">{t('moreFailed')}</p>
      {why && <p className="break-words text-xs text-muted">{why}</p>}
      <Button variant="secondary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}
