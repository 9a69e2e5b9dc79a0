import { z } from 'zod';
import { defineRoutes } from './route';
import { BodyId, Id, IdParams, Ok } from './common';
import { CATEGORY_LIMITS } from './rules/postcards';
import { trimInvisible } from './rules/text';

export const Category = z.object({
  id: z.number().int(),
  name: z.string(),
  /** the name in the English UI; `name` when null */
  name_en: z.string().nullable(),
  group_id: z.number().int().nullable(),
  position: z.number().int().nullable(),
  user_id: z.number().int(),
  created_at: z.string(),
});
export type Category = z.infer<typeof Category>;

export const CategoryGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  name_en: z.string().nullable(),
  description: z.string().nullable(),
  position: z.number().int().nullable(),
  user_id: z.number().int(),
  created_at: z.string(),
});
export type CategoryGroup = z.infer<typeof CategoryGroup>;

export const GroupedCategories = z.object({
  groups: z.array(CategoryGroup.extend({ categories: z.array(Category) })),
  categories_without_group: z.array(Category),
});
export type GroupedCategories = z.infer<typeof GroupedCategories>;

/**
 * Whose categories to list: a channel's owner's (anyone may read them, e.g. the gallery's chips),
 * or, without collection_id, the signed-in user's own.
 */
const OwnerQuery = z.object({ collection_id: Id.optional(), user_id: z.string().optional() });

const Name = z
  .string({ error: 'categories.errors.nameRequired' })
  .overwrite(trimInvisible)
  .min(1, { error: 'categories.errors.nameRequired' })
  .max(CATEGORY_LIMITS.nameMax);
/** An optional English name: trimmed, empty means none. */
const NameEn = z
  .string()
  .overwrite(trimInvisible)
  .max(CATEGORY_LIMITS.nameMax)
  .nullish()
  .transform((v) => v || null);
const GroupDescription = z
  .string()
  .overwrite(trimInvisible)
  .max(CATEGORY_LIMITS.groupDescriptionMax)
  .nullish()
  .transform((v) => (v ? v : null));
const Position = z.number().int().min(0).max(1_000_000).nullable();
const GroupRef = BodyId.nullable();

export const CreateCategoryBody = z.object({ name: Name, name_en: NameEn, group_id: GroupRef.optional().default(null) });
export const UpdateCategoryBody = z.object({
  name: Name.optional(),
  name_en: NameEn.optional(),
  group_id: GroupRef.optional(),
  position: Position.optional(),
});
export const CreateGroupBody = z.object({ name: Name, name_en: NameEn, description: GroupDescription });
export const UpdateGroupBody = z.object({
  name: Name.optional(),
  name_en: NameEn.optional(),
  description: GroupDescription.optional(),
  position: Position.optional(),
});
/** Each id at most once: a drag names every item it moves once. */
const uniqueIds = (items: { id: number }[], ctx: z.RefinementCtx, list: string) => {
  const seen = new Set<number>();
  items.forEach((item, i) => {
    if (seen.has(item.id)) ctx.addIssue({ code: 'custom', path: [list, i, 'id'], message: `id ${item.id} is listed twice` });
    seen.add(item.id);
  });
};
export const CategoryOrderBody = z
  .object({
    groups: z.array(z.object({ id: BodyId, position: Position })).max(1000).default([]),
    categories: z
      .array(z.object({ id: BodyId, group_id: GroupRef, position: Position }))
      .max(5000)
      .default([]),
  })
  .superRefine((b, ctx) => {
    uniqueIds(b.groups, ctx, 'groups');
    uniqueIds(b.categories, ctx, 'categories');
  });
export type CategoryOrderBody = z.input<typeof CategoryOrderBody>;

/** 409 detail when a category still has postcards. */
export const CategoryInUseDetail = z.object({
  message: z.string(),
  postcard_ids: z.array(z.number().int()),
  showing_first: z.number().int(),
  total_count: z.number().int(),
});
export type CategoryInUseDetail = z.infer<typeof CategoryInUseDetail>;

export const categoriesRoutes = defineRoutes({
  'GET /api/categories': {
    access: 'optional',
    summary: "Categories in order (position, then id): a channel owner's, or mine",
    query: OwnerQuery,
    response: z.array(Category),
  },
  'GET /api/categories/grouped': {
    access: 'optional',
    summary: 'Categories under their groups, and those without a group',
    query: OwnerQuery,
    response: GroupedCategories,
  },
  'POST /api/categories': {
    access: 'user',
    summary: 'Create a category',
    body: CreateCategoryBody,
    status: 201,
    response: Category,
  },
  'PUT /api/categories/order': {
    access: 'user',
    summary: 'Save a drag: new positions and groups, in one transaction',
    body: CategoryOrderBody,
    response: GroupedCategories,
  },
  'PATCH /api/categories/{id}': {
    access: 'user',
    summary: 'Rename, regroup or move a category',
    params: IdParams,
    body: UpdateCategoryBody,
    response: Category,
  },
  'DELETE /api/categories/{id}': {
    access: 'user',
    summary: 'Delete a category that has no postcards (409 otherwise)',
    params: IdParams,
    response: Ok,
  },
  'GET /api/category-groups': {
    access: 'optional',
    summary: "Groups in order: a channel owner's, or mine",
    query: OwnerQuery,
    response: z.array(CategoryGroup),
  },
  'POST /api/category-groups': {
    access: 'user',
    summary: 'Create a group',
    body: CreateGroupBody,
    status: 201,
    response: CategoryGroup,
  },
  'PATCH /api/category-groups/{id}': {
    access: 'user',
    summary: 'Edit or move a group',
    params: IdParams,
    body: UpdateGroupBody,
    response: CategoryGroup,
  },
  'DELETE /api/category-groups/{id}': {
    access: 'user',
    summary: 'Delete a group; its categories stay, without a group',
    params: IdParams,
    response: Ok,
  },
});
