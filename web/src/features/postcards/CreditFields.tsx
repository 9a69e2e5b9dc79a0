import { POSTCARD_LIMITS, isHttpUrl } from '@otkrytka/contract/rules/postcards';
import { useTranslation } from '@/i18n';
import { TextInput } from '@/ui/FormField';

export interface Credit {
  author: string;
  source: string;
}

/** The link to the original, when given, must be http or https (the server refuses anything else). */
export const sourceError = (source: string): 'sourceUrlInvalid' | null => {
  const v = source.trim();
  return v && !isHttpUrl(v) ? 'sourceUrlInvalid' : null;
};

/** What a credit becomes in a request: trimmed, empty as null. */
export const creditBody = (c: Credit) => ({ author_name: c.author.trim() || null, source_url: c.source.trim() || null });

/** The author of the work and the link to the original (CC BY 4.0 asks for both), in the add and edit forms. */
export function CreditFields({ value, onChange, error }: { value: Credit; onChange: (c: Credit) => void; error: string | null }) {
  const { t } = useTranslation('channels');
  return (
    <>
      <TextInput
        label={t('credit.author')}
        hint={t('credit.authorHint')}
        placeholder={t('credit.authorPlaceholder')}
        value={value.author}
        maxLength={POSTCARD_LIMITS.authorMax}
        onChange={(e) => onChange({ ...value, author: e.target.value })}
        name="author_name"
        autoComplete="off"
      />
      <TextInput
        label={t('credit.source')}
        hint={t('credit.sourceHint')}
        placeholder={t('credit.sourcePlaceholder')}
        type="url"
        inputMode="url"
        value={value.source}
        maxLength={POSTCARD_LIMITS.sourceUrlMax}
        onChange={(e) => onChange({ ...value, source: e.target.value })}
        error={error}
        name="source_url"
        autoComplete="off"
      />
    </>
  );
}
