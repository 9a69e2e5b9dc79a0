import { useTranslation } from '@/i18n';

/** A category's or group's name in the reader's language: the English name in the English UI when there is one. */
export const localName = (item: { name: string; name_en?: string | null }, language: string): string =>
  language === 'en' && item.name_en ? item.name_en : item.name;

/** `localName` in the language the app shows now. */
export function useLocalName(): (item: { name: string; name_en?: string | null }) => string {
  const { i18n } = useTranslation();
  return (item) => localName(item, i18n.language);
}
