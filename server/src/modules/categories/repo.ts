import { type Selectable, sql } from 'kysely';
import type { Queryable } from '../../db';
import type { CategoriesTable, CategoryGroupsTable } from '../../db/schema';

export type CategoryRow = Selectable<CategoriesTable>;
export type GroupRow = Selectable<CategoryGroupsTable>;

/** Order of categories and groups everywhere: those with a position by it, then the rest by id. */
const positioned = sql`case when position is null then 1 else 0 end`;

export const categoriesRepo = {
  categoryById: (db: Queryable, id: number) => db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst(),
  groupById: (db: Queryable, id: number) => db.selectFrom('category_groups').selectAll().where('id', '=', id).executeTakeFirst(),

  categories: (db: Queryable, userId: number, limit?: number) => {
    let q = db
      .selectFrom('categories')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy(positioned)
      .orderBy('position')
      .orderBy('id');
    if (limit !== undefined) q = q.limit(limit);
    return q.execute();
  },

  groups: (db: Queryable, userId: number) =>
    db
      .selectFrom('category_groups')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy(positioned)
      .orderBy('position')
      .orderBy('id')
      .execute(),

  insertCategory: (db: Queryable, v: { user_id: number; name: string; name_en?: string | null; group_id: number | null; created_at: string }) =>
    db
      .insertInto('categories')
      .values({ ...v, position: null })
      .returningAll()
      .executeTakeFirstOrThrow(),

  updateCategory: (db: Queryable, id: number, v: { name?: string; name_en?: string | null; group_id?: number | null; position?: number | null }) =>
    db.updateTable('categories').set(v).where('id', '=', id).execute(),

  deleteCategory: (db: Queryable, id: number) => db.deleteFrom('categories').where('id', '=', id).execute(),

  insertGroup: (db: Queryable, v: { user_id: number; name: string; name_en?: string | null; description: string | null; created_at: string }) =>
    db
      .insertInto('category_groups')
      .values({ ...v, position: null })
      .returningAll()
      .executeTakeFirstOrThrow(),

  updateGroup: (db: Queryable, id: number, v: { name?: string; name_en?: string | null; description?: string | null; position?: number | null }) =>
    db.updateTable('category_groups').set(v).where('id', '=', id).execute(),

  /** Deletes a group; its categories stay, without a group. */
  async deleteGroup(db: Queryable, id: number) {
    await db.updateTable('categories').set({ group_id: null }).where('group_id', '=', id).execute();
    await db.deleteFrom('category_groups').where('id', '=', id).execute();
  },

  /** Postcards (any channel) still filed under a category: the first ids and how many in all. */
  async postcardsIn(db: Queryable, categoryId: number, first: number) {
    const [ids, total] = await Promise.all([
      db.selectFrom('image_relations').select('id').where('category_id', '=', categoryId).orderBy('id').limit(first).execute(),
      db
        .selectFrom('image_relations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('category_id', '=', categoryId)
        .executeTakeFirstOrThrow(),
    ]);
    return { ids: ids.map((r) => r.id), total: Number(total.n) };
  },
};
