import { useEffect, useMemo } from 'react';
import { useTranslation } from '@/i18n';
import { useSearchParams } from '@/router';
import { CloseIcon } from '@/ui/icons';
import { EnvelopeHeartIcon } from '@/ui/icons-more';
import { useHoliday } from '../core';
import { clearIntent, intentFromSearch, openingText, saveIntent } from '../extra';

/**
 * Over the gallery while a postcard is picked for a greeting started for a day (a holiday's
 * «Поздравить», a date's reminder): whom it is for and when it opens. The choice is kept for this
 * tab (../intent.ts), so the wizard fills it in once a postcard is chosen; the cross drops it.
 */
export default function PickingBanner() {
  const { t, i18n } = useTranslation('calendar');
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const intent = useMemo(() => intentFromSearch(new URLSearchParams(search)), [search]);
  const holiday = useHoliday(intent?.holidayId ?? '', i18n.language, !intent?.toWhom);

  useEffect(() => {
    if (intent) saveIntent(intent);
  }, [intent]);

  if (!intent) return null;
  const when = openingText(intent.opens, i18n.language);
  const holidayName = intent.holidayId ? holiday.data?.name : undefined;
  const who = intent.toWhom ? t('pick.to', { name: intent.toWhom }) : holidayName ? t('pick.holiday', { name: holidayName }) : null;

  const cancel = () => {
    clearIntent();
    const next = new URLSearchParams(search);
    for (const k of ['to', 'opens', 'date', 'holiday']) next.delete(k);
    setParams(next, { replace: true });
  };

  return (
    <div
      role="status"
      className="mb-4 flex items-start gap-3 rounded-2xl border border-primary/30 bg-primary-soft/70 py-3 pl-4 pr-2 shadow-card"
      data-testid="picking-banner"
    >
      <span aria-hidden="true" className="mt-0.5 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-xl bg-primary text-on-primary">
        <EnvelopeHeartIcon size={20} />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-bold leading-snug">{t('pick.title')}</p>
        {(who || when) && (
          <p className="mt-0.5 break-words text-sm text-muted">
            {[who, when && t('pick.opens', { when })].filter(Boolean).join(' · ')}
          </p>
        )}
      </div>
      <button
        type="button"
        onClick={cancel}
        aria-label={t('pick.cancel')}
        title={t('pick.cancel')}
        className="tap-44 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface hover:text-text"
      >
        <CloseIcon size={18} />
      </button>
    </div>
  );
}
