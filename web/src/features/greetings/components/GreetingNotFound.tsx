import { ApiError } from '@/lib/api';
import { useTranslation } from '@/i18n/runtime';
import { CompassIcon } from '@/ui/icons-greeting';
import { BACKGROUNDS } from '../backgrounds';
import { Stage } from './GreetingStages';

/** The server says there is no such greeting (a malformed id is none either); anything else may pass. */
export const greetingMissing = (e: unknown) => e instanceof ApiError && (e.status === 404 || e.status === 422);

/**
 * A greeting link that leads nowhere: deleted, or mistyped. With `onRetry`, the greeting did not
 * load (no connection, a server error): the recipient is not told the link is broken.
 */
export function GreetingNotFound({ onBack, onRetry, retrying }: { onBack: () => void; onRetry?: () => void; retrying?: boolean }) {
  const { t } = useTranslation('greeting');
  const failed = !!onRetry;
  return (
    <Stage background={BACKGROUNDS['dark-indigo-purple'].css}>
      <div role="alert" className="flex flex-col items-center gap-5 px-6 text-center text-white">
        <CompassIcon size={64} strokeWidth={1.5} />
        <h1 className="text-2xl font-extrabold">{t(failed ? 'view.loadFailed' : 'view.notFound')}</h1>
        <p className="max-w-xs text-white/80">{t(failed ? 'view.loadFailedHint' : 'view.notFoundHint')}</p>
        <div className="flex flex-wrap justify-center gap-3">
          {onRetry && (
            <button type="button" onClick={onRetry} disabled={retrying} aria-busy={retrying || undefined} className="h-12 rounded-full bg-white px-6 font-bold text-[#312e81] disabled:opacity-80">
              {t(retrying ? 'view.loading' : 'view.retry')}
            </button>
          )}
          <button
            type="button"
            onClick={onBack}
            className={failed ? 'h-12 rounded-full border border-white/70 px-6 font-bold text-white' : 'h-12 rounded-full bg-white px-6 font-bold text-[#312e81]'}
          >
            {t('view.back')}
          </button>
        </div>
      </div>
    </Stage>
  );
}
