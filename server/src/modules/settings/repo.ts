import type { Queryable } from '../../db';

import { DEFAULT_READER_LANGUAGE, READER_LANGUAGES, type ReaderLanguage } from '../../texts/reader';

/** The languages a user can choose; anyone who chose none reads Russian. */
export const USER_LANGUAGES = READER_LANGUAGES;
export type UserLanguage = ReaderLanguage;
export const DEFAULT_USER_LANGUAGE: UserLanguage = DEFAULT_READER_LANGUAGE;

const asLanguage = (stored: string | undefined): UserLanguage => {
  try {
    const value: unknown = stored === undefined ? undefined : JSON.parse(stored);
    return USER_LANGUAGES.includes(value as UserLanguage) ? (value as UserLanguage) : DEFAULT_USER_LANGUAGE;
  } catch {
    return DEFAULT_USER_LANGUAGE;
  }
};

export const settingsRepo = {
  /** The user's saved `language` setting (stored as JSON text), or the default. */
  language: async (db: Queryable, userId: number): Promise<UserLanguage> => {
    const row = await db.selectFrom('settings').select('value').where('user_id', '=', userId).where('key', '=', 'language').executeTakeFirst();
    return asLanguage(row?.value);
  },

  /** The user's `time_zone` setting (an IANA name the browser told), or undefined. */
  timeZone: async (db: Queryable, userId: number): Promise<string | undefined> => {
    const row = await db.selectFrom('settings').select('value').where('user_id', '=', userId).where('key', '=', 'time_zone').executeTakeFirst();
    try {
      const value: unknown = row ? JSON.parse(row.value) : undefined;
      return typeof value === 'string' ? value : undefined;
    } catch {
      return undefined;
    }
  },

  all: (db: Queryable, userId: number) =>
    db.selectFrom('settings').select(['key', 'value']).where('user_id', '=', userId).orderBy('key').execute(),

  upsert: (db: Queryable, userId: number, entries: { key: string; value: string }[], at: string) =>
    db
      .insertInto('settings')
      .values(entries.map((e) => ({ user_id: userId, key: e.key, value: e.value, updated_at: at })))
      .onConflict((oc) =>
        oc.columns(['user_id', 'key']).doUpdateSet((eb) => ({
          value: eb.ref('excluded.value'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute(),
};
