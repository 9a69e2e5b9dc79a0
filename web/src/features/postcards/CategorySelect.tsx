import { useTranslation } from '@/i18n';
import { SelectInput } from '@/ui/FormField';
import { localName } from '../categories/names';
import { useGroupedCategories } from '../categories/queries';
import type { Category } from '@otkrytka/contract';

/**
 * The category of a postcard, among the channel owner's categories: an id, or null for none.
 * Categories are listed under their groups, so two of the same name in different groups differ.
 */
export function CategorySelect({ channelId, value, onChange }: { channelId: number; value: number | null; onChange: (id: number | null) => void }) {
  const { t, i18n } = useTranslation('channels');
  const grouped = useGroupedCategories(channelId).data;
  const options = (list: Category[]) =>
    list.map((c) => (
      <option key={c.id} value={c.id}>
        {localName(c, i18n.language)}
      </option>
    ));
  const groups = grouped?.groups.filter((g) => g.categories.length > 0) ?? [];
  const ungrouped = grouped?.categories_without_group ?? [];
  return (
    <>
      <SelectInput label={t('addPostcard.category')} value={value === null ? 'none' : String(value)} onChange={(e) => onChange(e.target.value === 'none' ? null : Number(e.target.value))}>
        <option value="none">{t('addPostcard.noCategory')}</option>
        {groups.map((g) => (
          <optgroup key={g.id} label={localName(g, i18n.language)}>
            {options(g.categories)}
          </optgroup>
        ))}
        {groups.length > 0 && ungrouped.length > 0 ? <optgroup label={t('addPostcard.withoutGroup')}>{options(ungrouped)}</optgroup> : options(ungrouped)}
      </SelectInput>
      {grouped && groups.length === 0 && ungrouped.length === 0 && <p className="-mt-2 text-xs text-muted">{t('addPostcard.noCategoriesHint')}</p>}
    </>
  );
}
