import type { Category, CategoryOrderBody, GroupedCategories } from '@otkrytka/contract';

/** Where a category lives: a group's id, or null for "without group". */
export type ContainerId = number | null;

/** Items with a position first, by it; then those without, by id. */
export function byPosition<T extends { id: number; position: number | null }>(items: T[]): T[] {
  return [...items].sort((a, b) => {
    if (a.position !== null && b.position !== null) return a.position - b.position || a.id - b.id;
    if (a.position !== null) return -1;
    if (b.position !== null) return 1;
    return a.id - b.id;
  });
}

export function categoriesIn(g: GroupedCategories, container: ContainerId): Category[] {
  return container === null ? g.categories_without_group : (g.groups.find((x) => x.id === container)?.categories ?? []);
}

export function containerOf(g: GroupedCategories, categoryId: number): ContainerId | undefined {
  if (g.categories_without_group.some((c) => c.id === categoryId)) return null;
  return g.groups.find((x) => x.categories.some((c) => c.id === categoryId))?.id;
}

function withContainer(g: GroupedCategories, container: ContainerId, list: Category[]): GroupedCategories {
  return container === null
    ? { ...g, categories_without_group: list }
    : { ...g, groups: g.groups.map((x) => (x.id === container ? { ...x, categories: list } : x)) };
}

/** Moves a group to a new index; only groups whose position changes are sent. */
export function moveGroup(g: GroupedCategories, groupId: number, toIndex: number): { next: GroupedCategories; body: CategoryOrderBody } {
  const from = g.groups.findIndex((x) => x.id === groupId);
  if (from < 0) return { next: g, body: { groups: [], categories: [] } };
  const groups = [...g.groups];
  const [moved] = groups.splice(from, 1);
  groups.splice(Math.max(0, Math.min(toIndex, groups.length)), 0, moved!);
  const changed = groups.flatMap((x, i) => (x.position === i ? [] : [{ id: x.id, position: i }]));
  return {
    next: { ...g, groups: groups.map((x, i) => ({ ...x, position: i })) },
    body: { groups: changed, categories: [] },
  };
}

/**
 * Moves a category to `toIndex` in a container (its own or another group, or "without group").
 * Every category of the containers involved is renumbered 0..n; only those whose group or
 * position actually changes are sent.
 */
export function moveCategory(
  g: GroupedCategories,
  categoryId: number,
  to: ContainerId,
  toIndex: number,
): { next: GroupedCategories; body: CategoryOrderBody } {
  const from = containerOf(g, categoryId);
  if (from === undefined) return { next: g, body: { groups: [], categories: [] } };
  const source = [...categoriesIn(g, from)];
  const moved = source.splice(
    source.findIndex((c) => c.id === categoryId),
    1,
  )[0]!;
  const target = from === to ? source : [...categoriesIn(g, to)];
  target.splice(Math.max(0, Math.min(toIndex, target.length)), 0, { ...moved, group_id: to });
  const renumber = (list: Category[], container: ContainerId) => list.map((c, i) => ({ ...c, group_id: container, position: i }));
  let next = withContainer(g, to, renumber(target, to));
  if (from !== to) next = withContainer(next, from, renumber(source, from));
  const before = new Map([...categoriesIn(g, from), ...categoriesIn(g, to)].map((c) => [c.id, c]));
  const after = [...categoriesIn(next, from), ...(from === to ? [] : categoriesIn(next, to))];
  const changed = after.filter((c) => {
    const old = before.get(c.id)!;
    return old.position !== c.position || old.group_id !== c.group_id;
  });
  return { next, body: { groups: [], categories: changed.map((c) => ({ id: c.id, group_id: c.group_id, position: c.position })) } };
}

/** Case-insensitive name filter of the grouped list; groups without a match are hidden while searching. */
export function filterGrouped(g: GroupedCategories, query: string): GroupedCategories {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return g;
  // by either name: the list shows the English one in the English app, and a reader may know both
  const match = (c: Category) => [c.name, c.name_en].some((n) => n?.toLocaleLowerCase().includes(q));
  return {
    groups: g.groups.map((x) => ({ ...x, categories: x.categories.filter(match) })).filter((x) => x.categories.length > 0),
    categories_without_group: g.categories_without_group.filter(match),
  };
}
