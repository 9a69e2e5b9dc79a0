import { Suspense } from 'react';
import { useTranslation } from '@/i18n';

/** Over the postcards a search found: what it searched for. */
export function SearchHeading({ q }: { q: string }) {
  return (
    <Suspense fallback={<div className="mb-3 h-6" />}>
      <Heading q={q} />
    </Suspense>
  );
}

function Heading({ q }: { q: string }) {
  const { t } = useTranslation('search');
  return <h2 className="mb-3 break-words text-base font-semibold leading-6">{t('results', { q })}</h2>;
}
