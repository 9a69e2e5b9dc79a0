import { useTranslation } from '../../i18n';
import { SelectInput } from '../../ui/FormField';
import { localName } from '../categories/names';
import { useCategories } from '../categories/queries';

/** The category of a postcard, among the channel owner's categories: an id, or null for none. */
export function CategorySelect({ channelId, value, onChange }: { channelId: number; value: number | null; onChange: (id: number | null) => void }) {
  const { t, i18n } = useTranslation('channels');
  const categories = useCategories(channelId);
  return (
    <>
      <SelectInput label={t('addPostcard.category')} value={value === null ? 'none' : String(value)} onChange={(e) => onChange(e.target.value === 'none' ? null : Number(e.target.value))}>
        <option value="none">{t('addPostcard.noCategory')}</option>
        {categories.data?.map((c) => (
          <option key={c.id} value={c.id}>
            {localName(c, i18n.language)}
          </option>
        ))}
      </SelectInput>
      {categories.data?.length === 0 && <p className="-mt-2 text-xs text-muted">{t('addPostcard.noCategoriesHint')}</p>}
    </>
  );
}
