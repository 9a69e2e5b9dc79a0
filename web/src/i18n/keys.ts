import type game from '@otkrytka/contract/texts/ru/game.json';
import type notifications from '@otkrytka/contract/texts/ru/notifications.json';
import type sandbox from '@otkrytka/contract/texts/ru/sandbox.json';
import type auth from './ru/auth.json';
import type bookmarks from './ru/bookmarks.json';
import type calendar from './ru/calendar.json';
import type categories from './ru/categories.json';
import type channels from './ru/channels.json';
import type common from './ru/common.json';
import type errors from './ru/errors.json';
import type gallery from './ru/gallery.json';
import type greeting from './ru/greeting.json';
import type greetings from './ru/greetings.json';
import type groups from './ru/groups.json';
import type moderation from './ru/moderation.json';
import type pictures from './ru/pictures.json';
import type postcards from './ru/postcards.json';
import type reports from './ru/reports.json';
import type search from './ru/search.json';
import type settings from './ru/settings.json';
import type shell from './ru/shell.json';
import type stars from './ru/stars.json';
import type uploads from './ru/uploads.json';
import type viewer from './ru/viewer.json';

/**
 * The Russian texts of every namespace, whose keys are the keys `t()` takes: a key missing from
 * them fails the typecheck. (The English texts have the same keys: i18n.test.ts.)
 */
interface Texts {
  auth: typeof auth;
  bookmarks: typeof bookmarks;
  calendar: typeof calendar;
  categories: typeof categories;
  channels: typeof channels;
  common: typeof common;
  errors: typeof errors;
  gallery: typeof gallery;
  game: typeof game;
  greeting: typeof greeting;
  greetings: typeof greetings;
  groups: typeof groups;
  moderation: typeof moderation;
  notifications: typeof notifications;
  pictures: typeof pictures;
  postcards: typeof postcards;
  reports: typeof reports;
  sandbox: typeof sandbox;
  search: typeof search;
  settings: typeof settings;
  shell: typeof shell;
  stars: typeof stars;
  uploads: typeof uploads;
  viewer: typeof viewer;
}

export type Namespace = keyof Texts;

/** `a.b.c` for every text of a tree */
type Paths<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}` }[keyof T & string];
/** a counted text is asked for by its base key (`postcards` with `count`, for `postcards_one`, `postcards_few`, …) */
type Counted<K extends string> = K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? Base : never;

/** The keys of namespace `N`, without its name. */
export type KeyIn<N extends Namespace> = Paths<Texts[N]> | Counted<Paths<Texts[N]>>;

/** A key with its namespace: `game:hub.title`. */
export type QualifiedKey = { [N in Namespace]: `${N}:${KeyIn<N>}` }[Namespace];

/**
 * What `t()` of namespace `N` takes: `N`'s keys bare, `common`'s bare (the fallback namespace),
 * and any namespace's key with its name.
 */
export type TextKey<N extends Namespace = 'common'> = KeyIn<N> | KeyIn<'common'> | QualifiedKey;
