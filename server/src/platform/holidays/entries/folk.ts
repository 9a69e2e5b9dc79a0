/** Folk customs: kept by tradition, with no act that sets them. */
import { type Holiday } from '../types';
import { EASTER_OFFSETS } from './church';
import { CITE } from './citations';

export const FOLK_DAYS: readonly Holiday[] = [
  {
    id: 'old-new-year',
    name: { ru: 'Старый Новый год', en: 'Old New Year' },
    kind: 'folk',
    // 1 January of the Julian calendar: 14 January from 1901 to 2100 (13 January in 1900)
    rule: { type: 'julian', month: 1, day: 1 },
    categories: ['Новый год'],
    source: CITE.oldNewYear,
  },
  {
    id: 'valentines-day',
    name: { ru: 'День святого Валентина', en: "Valentine's Day" },
    kind: 'folk',
    rule: { type: 'fixed', month: 2, day: 14 },
    categories: ['Свадьба', 'Просто так'],
    source: CITE.valentinesDay,
  },
  {
    id: 'maslenitsa',
    name: { ru: 'Масленица', en: 'Maslenitsa (Butter Week)' },
    kind: 'folk',
    // the seven days from Monday to Forgiveness Sunday
    rule: { type: 'easter', church: 'orthodox', offset: EASTER_OFFSETS.maslenitsaStart },
    days: 7,
    categories: ['Времена года', 'Просто так'],
    source: CITE.maslenitsa,
    alsoCited: [CITE.orthodoxPaschalion],
  },
  {
    id: 'april-fools-day',
    name: { ru: 'День смеха', en: "April Fools' Day" },
    kind: 'folk',
    rule: { type: 'fixed', month: 4, day: 1 },
    categories: ['Просто так'],
    source: CITE.aprilFools,
  },
];
