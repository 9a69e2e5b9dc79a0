import { lazy, Suspense } from 'react';
import { useTranslation } from '@/i18n';
import { Link, useSearchParams } from '@/router';
import { ComingStrip } from './ComingStrip';

// the banner is shown only while a postcard is picked for a greeting: its code comes with it
const PickingBanner = lazy(() => import('./PickingBanner'));

/**
 * The top of the gallery, loaded after its first page of postcards (not part of the first load):
 * back from the sandbox viewer, the way back there; then the «Скоро» strip, or, while
 * a postcard is picked for a greeting started for a day, the banner that says for whom and when it
 * opens.
 */
export default function GalleryTop() {
  const { t } = useTranslation('gallery');
  const [params] = useSearchParams();
  // a greeting started for a day (a holiday, a date's reminder) names the day it opens
  const picking = params.has('opens');
  return (
    <>
      {params.get('sandbox') === '1' && (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-2xl border border-primary/25 bg-primary-soft/60 px-4 py-3" data-testid="sandbox-return">
          <p className="text-sm">{t('sandbox.text')}</p>
          <Link to="/sandbox" className="inline-flex h-9 items-center rounded-xl bg-primary px-4 text-sm font-semibold text-on-primary hover:bg-primary-strong">
            {t('sandbox.back')}
          </Link>
        </div>
      )}
      {picking ? (
        <Suspense fallback={null}>
          <PickingBanner />
        </Suspense>
      ) : (
        <ComingStrip />
      )}
    </>
  );
}
