import type { Category, GroupedCategories } from '@otkrytka/contract';
import { describe, expect, it } from 'vitest';
import { byPosition, filterGrouped, moveCategory, moveGroup } from './ordering';

const cat = (id: number, group_id: number | null, position: number | null, name = `c${id}`): Category => ({
  id,
  name,
  name_en: null,
  group_id,
  position,
  user_id: 1,
  created_at: '',
});
const grp = (id: number, position: number | null, categories: Category[]) => ({
  id,
  name: `g${id}`,
  name_en: null,
  description: null,
  position,
  user_id: 1,
  created_at: '',
  categories,
});

const sample = (): GroupedCategories => ({
  groups: [grp(1, 0, [cat(10, 1, 0), cat(11, 1, 1), cat(12, 1, 2)]), grp(2, 1, [cat(20, 2, 0)])],
  categories_without_group: [cat(30, null, null), cat(31, null, null)],
});

describe('byPosition', () => {
  it('puts positioned items first by position, then the rest by id', () => {
    const items = [cat(5, null, null), cat(2, null, 3), cat(9, null, 1), cat(1, null, null), cat(4, null, 1)];
    expect(byPosition(items).map((c) => c.id)).toEqual([4, 9, 2, 1, 5]);
  });
});

describe('moveGroup', () => {
  it('sends only the groups whose position differs from their new index', () => {
    const g = { ...sample(), groups: [...sample().groups, grp(3, 2, [])] };
    const { next, body } = moveGroup(g, 3, 0);
    expect(next.groups.map((x) => x.id)).toEqual([3, 1, 2]);
    expect(body.groups).toEqual([
      { id: 3, position: 0 },
      { id: 1, position: 1 },
      { id: 2, position: 2 },
    ]);
    expect(moveGroup(g, 1, 0).body.groups).toEqual([]);
  });
});

describe('moveCategory', () => {
  it('within a group: renumbers and sends only what changed', () => {
    const { next, body } = moveCategory(sample(), 12, 1, 0);
    expect(next.groups[0]!.categories.map((c) => c.id)).toEqual([12, 10, 11]);
    expect(body.categories).toEqual([
      { id: 12, group_id: 1, position: 0 },
      { id: 10, group_id: 1, position: 1 },
      { id: 11, group_id: 1, position: 2 },
    ]);
  });

  it('across groups: the moved one gets the new group and position, both groups are renumbered', () => {
    const { next, body } = moveCategory(sample(), 10, 2, 0);
    expect(next.groups[0]!.categories.map((c) => [c.id, c.position])).toEqual([
      [11, 0],
      [12, 1],
    ]);
    expect(next.groups[1]!.categories.map((c) => [c.id, c.group_id, c.position])).toEqual([
      [10, 2, 0],
      [20, 2, 1],
    ]);
    expect(body.categories).toEqual([
      { id: 11, group_id: 1, position: 0 },
      { id: 12, group_id: 1, position: 1 },
      { id: 10, group_id: 2, position: 0 },
      { id: 20, group_id: 2, position: 1 },
    ]);
  });

  it('into and out of "without group"', () => {
    const out = moveCategory(sample(), 20, null, 1);
    expect(out.next.groups[1]!.categories).toEqual([]);
    expect(out.next.categories_without_group.map((c) => [c.id, c.group_id, c.position])).toEqual([
      [30, null, 0],
      [20, null, 1],
      [31, null, 2],
    ]);
    const back = moveCategory(sample(), 30, 1, 3);
    expect(back.next.groups[0]!.categories.map((c) => c.id)).toEqual([10, 11, 12, 30]);
    expect(back.body.categories).toContainEqual({ id: 30, group_id: 1, position: 3 });
  });

  it('a drop where it already is changes nothing', () => {
    expect(moveCategory(sample(), 11, 1, 1).body.categories).toEqual([]);
  });
});

describe('filterGrouped', () => {
  it('matches names case-insensitively (Cyrillic too) and hides empty groups', () => {
    const g: GroupedCategories = {
      groups: [grp(1, 0, [cat(1, 1, 0, 'Новый год'), cat(2, 1, 1, 'Пасха')]), grp(2, 1, [cat(3, 2, 0, 'Свадьба')])],
      categories_without_group: [cat(4, null, null, 'НОВОСЕЛЬЕ')],
    };
    const r = filterGrouped(g, 'нов');
    expect(r.groups.map((x) => x.categories.map((c) => c.name))).toEqual([['Новый год']]);
    expect(r.categories_without_group.map((c) => c.name)).toEqual(['НОВОСЕЛЬЕ']);
    expect(filterGrouped(g, '  ')).toBe(g);
  });

  it('matches the English name too (the English app shows it)', () => {
    const g: GroupedCategories = { groups: [], categories_without_group: [{ ...cat(5, null, null, 'Дни рождения'), name_en: 'Birthdays' }, { ...cat(6, null, null, 'Праздники'), name_en: 'Holidays' }] };
    expect(filterGrouped(g, 'birth').categories_without_group.map((c) => c.id)).toEqual([5]);
    expect(filterGrouped(g, 'рожд').categories_without_group.map((c) => c.id)).toEqual([5]);
  });
});
