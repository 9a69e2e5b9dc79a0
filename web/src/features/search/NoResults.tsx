import type { Category } from '@otkrytka/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { localName } from '@/features/categories/names';
import { galleryChipsQuery } from '@/features/gallery/queries';
import { useTranslation } from '@/i18n';
import { useNavigate, useSearchParams } from '@/router';
import { Button } from '@/ui/Button';
import { Chip } from '@/ui/Chip';
import { SearchIcon } from '@/ui/icons-more';
import { EmptyState } from '@/ui/States';
import { searchAddress } from './address';
import { suggestionsQuery } from './suggestionsQuery';

/** How many categories a search that found nothing offers. */
const OFFERED = 6;

/**
 * A search that found nothing says so and offers the nearest categories: those the suggestions
 * give for the same words, else the gallery's own; and the whole gallery.
 */
export default function NoResults({ q }: { q: string }) {
  const { t, i18n } = useTranslation('search');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const labelId = useId();
  const suggested = useQuery(suggestionsQuery(q, i18n.language));
  const chips = useQuery(galleryChipsQuery());
  const near: { id: number; name: string }[] = (suggested.data?.suggestions ?? []).flatMap((s) =>
    s.kind === 'category' && s.category_id !== undefined ? [{ id: s.category_id, name: s.text }] : [],
  );
  const ready = !suggested.isPending;
  const offered = near.length > 0 ? near : (chips.data?.categories ?? []).map((c: Category) => ({ id: c.id, name: localName(c, i18n.language) }));

  return (
    <EmptyState
      icon={<SearchIcon />}
      title={t('empty.title', { q })}
      text={t('empty.hint')}
      action={
        <div className="flex flex-col items-center gap-4">
          {ready && offered.length > 0 && (
            <div role="group" aria-labelledby={labelId} className="flex flex-col items-center gap-2">
              <p id={labelId} className="text-sm font-semibold text-text">
                {t(near.length > 0 ? 'empty.nearby' : 'empty.categories')}
              </p>
              <div className="flex flex-wrap justify-center gap-2">
                {offered.slice(0, OFFERED).map((c) => (
                  <Chip key={c.id} onClick={() => navigate(searchAddress(params, { category: c.id }))}>
                    {c.name}
                  </Chip>
                ))}
              </div>
            </div>
          )}
          <Button variant="secondary" onClick={() => navigate(searchAddress(params, {}))}>
            {t('empty.all')}
          </Button>
        </div>
      }
    />
  );
}
