/** A category's or group's name in the reader's language: the English name in the English UI when there is one. */
export const localName = (item: { name: string; name_en?: string | null }, language: string): string =>
  language === 'en' && item.name_en ? item.name_en : item.name;
