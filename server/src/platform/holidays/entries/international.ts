/** International days: proclaimed by the UN General Assembly or another international body. */
import { type Holiday } from '../types';
import { CITE } from './citations';

export const INTERNATIONAL_DAYS: readonly Holiday[] = [
  {
    id: 'international-day-of-happiness',
    name: { ru: 'Международный день счастья', en: 'International Day of Happiness' },
    kind: 'international',
    rule: { type: 'fixed', month: 3, day: 20 },
    categories: ['Просто так'],
    source: CITE.happinessDay,
  },
  {
    id: 'international-day-of-families',
    name: { ru: 'Международный день семей', en: 'International Day of Families' },
    kind: 'international',
    rule: { type: 'fixed', month: 5, day: 15 },
    categories: ['Просто так'],
    source: CITE.familiesDay,
  },
  {
    id: 'childrens-day',
    name: { ru: 'Международный день защиты детей', en: "International Children's Day" },
    kind: 'international',
    rule: { type: 'fixed', month: 6, day: 1 },
    categories: ['Просто так', 'Времена года'],
    source: CITE.childrensDay,
  },
  {
    id: 'international-day-of-friendship',
    name: { ru: 'Международный день дружбы', en: 'International Day of Friendship' },
    kind: 'international',
    rule: { type: 'fixed', month: 7, day: 30 },
    categories: ['Просто так'],
    source: CITE.friendshipDay,
  },
  {
    id: 'international-day-of-older-persons',
    name: { ru: 'Международный день пожилых людей', en: 'International Day of Older Persons' },
    kind: 'international',
    rule: { type: 'fixed', month: 10, day: 1 },
    categories: ['Просто так'],
    source: CITE.olderPersonsDay,
  },
];
