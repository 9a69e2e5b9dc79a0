import type { z } from 'zod';
import {
  CATEGORY_DELETE_SHOWN_IDS,
  type Category,
  type CategoryGroup,
  type CategoryInUseDetail,
  type CategoryOrderBody,
  type CreateCategoryBody,
  type CreateGroupBody,
  type GroupedCategories,
  type UpdateCategoryBody,
  type UpdateGroupBody,
} from '@otkrytka/contract';
import type { Queryable } from '../../db';
import type { Deps } from '../../deps';
import { authRequired, conflict, forbidden, invalid, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/routes';
import { iso } from '../../platform/clock';
import { channelsRepo } from '../channels';
import { type CategoryRow, categoriesRepo, type GroupRow } from './repo';
import { retryingTx } from '../../jobs/runner';

export const toCategory = (r: CategoryRow): Category => ({
  id: r.id,
  name: r.name,
  name_en: r.name_en,
  group_id: r.group_id,
  position: r.position,
  user_id: r.user_id,
  created_at: r.created_at,
});
const toGroup = (r: GroupRow): CategoryGroup => ({
  id: r.id,
  name: r.name,
  name_en: r.name_en,
  description: r.description,
  position: r.position,
  user_id: r.user_id,
  created_at: r.created_at,
});

/** Categories under their groups (both already in order), and those without a group. */
export function groupCategories(groups: GroupRow[], categories: CategoryRow[]): GroupedCategories {
  return {
    groups: groups.map((g) => ({ ...toGroup(g), categories: categories.filter((c) => c.group_id === g.id).map(toCategory) })),
    categories_without_group: categories.filter((c) => c.group_id === null).map(toCategory),
  };
}

export function categoriesService(deps: Deps) {
  const { db } = deps;

  /** Whose categories a read is about: a channel's owner, else the signed-in user. */
  async function ownerOf(user: AuthUser | null, collectionId?: number): Promise<number> {
    if (collectionId !== undefined) {
      const channel = await channelsRepo.byId(db, collectionId);
      if (!channel) throw notFound('Channel not found');
      return channel.user_id;
    }
    if (!user) throw authRequired();
    return user.id;
  }

  async function ownCategory(q: Queryable, user: AuthUser, id: number) {
    const row = await categoriesRepo.categoryById(q, id);
    if (!row) throw notFound('Category not found');
    if (row.user_id !== user.id) throw forbidden('This category belongs to someone else');
    return row;
  }
  async function ownGroup(q: Queryable, user: AuthUser, id: number) {
    const row = await categoriesRepo.groupById(q, id);
    if (!row) throw notFound('Group not found');
    if (row.user_id !== user.id) throw forbidden('This group belongs to someone else');
    return row;
  }
  /** A group a category is put into must be the user's own. */
  async function checkGroupRef(q: Queryable, user: AuthUser, groupId: number | null | undefined) {
    if (groupId === null || groupId === undefined) return;
    const g = await categoriesRepo.groupById(q, groupId);
    if (!g || g.user_id !== user.id) throw invalid('group_id', 'Unknown group');
  }

  const grouped = async (q: Queryable, userId: number) =>
    groupCategories(await categoriesRepo.groups(q, userId), await categoriesRepo.categories(q, userId));

  return {
    async categories(user: AuthUser | null, collectionId?: number): Promise<Category[]> {
      return (await categoriesRepo.categories(db, await ownerOf(user, collectionId))).map(toCategory);
    },
    async groups(user: AuthUser | null, collectionId?: number): Promise<CategoryGroup[]> {
      return (await categoriesRepo.groups(db, await ownerOf(user, collectionId))).map(toGroup);
    },
    async grouped(user: AuthUser | null, collectionId?: number): Promise<GroupedCategories> {
      return grouped(db, await ownerOf(user, collectionId));
    },

    async createCategory(user: AuthUser, body: z.output<typeof CreateCategoryBody>): Promise<Category> {
      await checkGroupRef(db, user, body.group_id);
      const row = await categoriesRepo.insertCategory(db, {
        user_id: user.id,
        name: body.name,
        name_en: body.name_en,
        group_id: body.group_id,
        created_at: iso(deps.clock.now()),
      });
      return toCategory(row);
    },

    async updateCategory(user: AuthUser, id: number, body: z.output<typeof UpdateCategoryBody>): Promise<Category> {
      await ownCategory(db, user, id);
      await checkGroupRef(db, user, body.group_id);
      const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
      if (Object.keys(changes).length) await categoriesRepo.updateCategory(db, id, changes);
      return toCategory((await categoriesRepo.categoryById(db, id))!);
    },

    /** Refused with 409 while postcards are filed under the category (the detail shape the web app matches on). */
    async deleteCategory(user: AuthUser, id: number) {
      await ownCategory(db, user, id);
      const used = await categoriesRepo.postcardsIn(db, id, CATEGORY_DELETE_SHOWN_IDS);
      if (used.total > 0) {
        const detail: CategoryInUseDetail = {
          message: `Cannot delete the category: ${used.total} postcard(s) still use it. Move or delete them first.`,
          postcard_ids: used.ids,
          showing_first: used.ids.length,
          total_count: used.total,
        };
        throw conflict(detail, 'CATEGORY_IN_USE');
      }
      await categoriesRepo.deleteCategory(db, id);
      return { success: true as const };
    },

    async createGroup(user: AuthUser, body: z.output<typeof CreateGroupBody>): Promise<CategoryGroup> {
      const row = await categoriesRepo.insertGroup(db, {
        user_id: user.id,
        name: body.name,
        name_en: body.name_en,
        description: body.description,
        created_at: iso(deps.clock.now()),
      });
      return toGroup(row);
    },

    async updateGroup(user: AuthUser, id: number, body: z.output<typeof UpdateGroupBody>): Promise<CategoryGroup> {
      await ownGroup(db, user, id);
      const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
      if (Object.keys(changes).length) await categoriesRepo.updateGroup(db, id, changes);
      return toGroup((await categoriesRepo.groupById(db, id))!);
    },

    async deleteGroup(user: AuthUser, id: number) {
      await ownGroup(db, user, id);
      await retryingTx(db, (trx) => categoriesRepo.deleteGroup(trx, id));
      return { success: true as const };
    },

    /**
     * Saves a drag: every position and group change together, or none of them. The user's own
     * groups and categories are read once, so the work is bounded by what the user really has.
     */
    async reorder(user: AuthUser, body: z.output<typeof CategoryOrderBody>): Promise<GroupedCategories> {
      return retryingTx(db, async (trx) => {
        const groups = await categoriesRepo.groups(trx, user.id);
        const categories = await categoriesRepo.categories(trx, user.id);
        const groupIds = new Set(groups.map((g) => g.id));
        const categoryIds = new Set(categories.map((c) => c.id));
        // anything not the user's: the same 404/403 as for one item
        for (const g of body.groups) if (!groupIds.has(g.id)) await ownGroup(trx, user, g.id);
        for (const c of body.categories) {
          if (!categoryIds.has(c.id)) await ownCategory(trx, user, c.id);
          if (c.group_id !== null && !groupIds.has(c.group_id)) throw invalid('group_id', 'Unknown group');
        }
        for (const g of body.groups) await categoriesRepo.updateGroup(trx, g.id, { position: g.position });
        for (const c of body.categories) {
          await categoriesRepo.updateCategory(trx, c.id, { group_id: c.group_id, position: c.position });
        }
        return grouped(trx, user.id);
      });
    },
  };
}
