/**
 * English names of the built-in gallery groups and categories (seeded in Russian). The seed writes
 * them, and migration 0032 fills them in on databases seeded before it.
 */
export const BUILTIN_NAMES_EN: Readonly<Record<string, string>> = {
  Праздники: 'Holidays',
  Поводы: 'Occasions',
  Настроение: 'Mood',
  'Новый год': 'New Year',
  '8 Марта': "Women's Day",
  '23 Февраля': "Defender's Day",
  'День Победы': 'Victory Day',
  'День рождения': 'Birthday',
  Свадьба: 'Wedding',
  Юбилей: 'Anniversary',
  'Доброе утро': 'Good morning',
  'Спокойной ночи': 'Good night',
  'Просто так': 'Just because',
  'Времена года': 'Seasons',
};
