import { type Insertable, type Selectable, sql } from 'kysely';
import type { Queryable } from '../../db';
import type { UploadsTable } from '../../db/schema';

export type UploadRow = Selectable<UploadsTable>;

/** `%` and `_` typed by a user match themselves. */
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const uploadsRepo = {
  byId: (db: Queryable, id: number) => db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst(),

  /** Any earlier upload of the same bytes (its stored file and facts can be reused). */
  anyByHash: (db: Queryable, hash: string) =>
    db.selectFrom('uploads').selectAll().where('hash', '=', hash).orderBy('id').limit(1).executeTakeFirst(),

  insert: (db: Queryable, v: Insertable<UploadsTable>) => db.insertInto('uploads').values(v).returningAll().executeTakeFirstOrThrow(),

  /** A user's uploads, newest first; `search` matches the file name case-insensitively. */
  list(db: Queryable, userId: number, search: string | undefined, offset: number, limit: number) {
    let q = db.selectFrom('uploads').selectAll().where('user_id', '=', userId);
    if (search) q = q.where(sql<boolean>`search_name like ${likePattern(search.toLowerCase())} escape '\\'`);
    return q.orderBy('uploaded_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();
  },

  /** Which of these stored files an upload or a postcard refers to (by the `storage_key` indexes). */
  async referencedKeys(db: Queryable, keys: string[]): Promise<Set<string>> {
    const referenced = new Set<string>();
    if (keys.length === 0) return referenced;
    for (const table of ['uploads', 'image_relations'] as const) {
      const rows = await db.selectFrom(table).select('storage_key').distinct().where('storage_key', 'in', keys).execute();
      for (const r of rows) referenced.add(r.storage_key);
    }
    return referenced;
  },
};
