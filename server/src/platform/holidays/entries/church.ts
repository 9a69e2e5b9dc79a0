/**
 * Church feasts. The Orthodox moving feasts are counted in days from Orthodox Easter (the
 * paschalion); the fixed ones keep their Julian-calendar date. Western Easter and Christmas are
 * listed for the English interface.
 */
import { type Holiday } from '../types';
import { CITE } from './citations';

/** Days from Orthodox Easter to its moving feasts. */
export const EASTER_OFFSETS = {
  maslenitsaStart: -55,
  forgivenessSunday: -49,
  palmSunday: -7,
  easter: 0,
  radonitsa: 9,
  trinity: 49,
} as const;

export const CHURCH_FEASTS: readonly Holiday[] = [
  {
    id: 'epiphany',
    name: { ru: 'Крещение Господне', en: 'Theophany (Orthodox Epiphany)' },
    kind: 'religious',
    rule: { type: 'julian', month: 1, day: 6 },
    categories: ['Просто так'],
    source: CITE.orthodoxFixedFeasts,
  },
  {
    id: 'forgiveness-sunday',
    name: { ru: 'Прощёное воскресенье', en: 'Forgiveness Sunday' },
    kind: 'religious',
    rule: { type: 'easter', church: 'orthodox', offset: EASTER_OFFSETS.forgivenessSunday },
    categories: ['Просто так'],
    source: CITE.orthodoxPaschalion,
  },
  {
    id: 'palm-sunday',
    name: { ru: 'Вербное воскресенье', en: 'Palm Sunday' },
    kind: 'religious',
    rule: { type: 'easter', church: 'orthodox', offset: EASTER_OFFSETS.palmSunday },
    categories: ['Просто так'],
    source: CITE.orthodoxPaschalion,
  },
  {
    id: 'orthodox-easter',
    name: { ru: 'Пасха', en: 'Orthodox Easter' },
    kind: 'religious',
    rule: { type: 'easter', church: 'orthodox', offset: EASTER_OFFSETS.easter },
    categories: ['Просто так'],
    source: CITE.orthodoxPaschalion,
  },
  {
    // a day of remembrance of the departed: no gallery category fits it
    id: 'radonitsa',
    name: { ru: 'Радоница', en: 'Radonitsa' },
    kind: 'religious',
    rule: { type: 'easter', church: 'orthodox', offset: EASTER_OFFSETS.radonitsa },
    categories: [],
    source: CITE.orthodoxPaschalion,
  },
  {
    id: 'trinity',
    name: { ru: 'Троица', en: 'Trinity Sunday (Orthodox Pentecost)' },
    kind: 'religious',
    rule: { type: 'easter', church: 'orthodox', offset: EASTER_OFFSETS.trinity },
    categories: ['Просто так'],
    source: CITE.orthodoxPaschalion,
  },
  {
    id: 'intercession',
    name: { ru: 'Покров Пресвятой Богородицы', en: 'Intercession of the Theotokos' },
    kind: 'religious',
    rule: { type: 'julian', month: 10, day: 1 },
    categories: ['Просто так'],
    source: CITE.orthodoxFixedFeasts,
  },
  {
    id: 'western-easter',
    name: { ru: 'Католическая Пасха', en: 'Easter' },
    kind: 'religious',
    rule: { type: 'easter', church: 'western', offset: 0 },
    langs: ['en'],
    categories: ['Просто так'],
    source: CITE.gregorianComputus,
  },
  {
    id: 'western-christmas',
    name: { ru: 'Католическое Рождество', en: 'Christmas Day' },
    kind: 'religious',
    rule: { type: 'fixed', month: 12, day: 25 },
    langs: ['en'],
    categories: ['Новый год'],
    source: CITE.gregorianComputus,
  },
];
