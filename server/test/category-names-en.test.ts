import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/seed';
import { client, createTestApp, signUp, type TestApp } from './helpers';

/** categories and groups have an English name, the built-in gallery ones included. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DEMO_PASSWORD: 'demo-password-1', MEDIA_WORKERS: '2' });
  expect((await seedDemo(t.deps)).seeded).toBe(true);
}, 180_000);
afterAll(() => t.close());

describe('English names of categories and groups', () => {
  it('every built-in gallery chip has an English name', async () => {
    const chips = (await client(t.app).get('/api/gallery/chips')).json();
    const all = [...chips.groups, ...chips.groups.flatMap((g: { categories: unknown[] }) => g.categories), ...chips.categories];
    expect(all.length).toBeGreaterThan(10);
    for (const c of all) expect(c.name_en, c.name).toMatch(/^[A-Za-z' ]+$/);
    expect(chips.groups.map((g: { name_en: string }) => g.name_en)).toEqual(['Holidays', 'Occasions', 'Mood']);
  });

  it('an owner gives a category and a group an English name, changes and clears it', async () => {
    const u = await signUp(t.app);
    const group = await u.post('/api/category-groups', { name: 'Праздники', name_en: '  Holidays ' });
    expect(group.statusCode, group.body).toBe(201);
    expect(group.json()).toMatchObject({ name: 'Праздники', name_en: 'Holidays' });
    const cat = (await u.post('/api/categories', { name: 'Весна', group_id: group.json().id })).json();
    expect(cat.name_en).toBeNull();
    const renamed = await u.patch(`/api/categories/${cat.id}`, { name_en: 'Spring' });
    expect(renamed.json()).toMatchObject({ name: 'Весна', name_en: 'Spring' });
    expect((await u.patch(`/api/categories/${cat.id}`, { name_en: '' })).json().name_en).toBeNull();
    expect((await u.patch(`/api/categories/${cat.id}`, { name_en: 'x'.repeat(101) })).statusCode).toBe(422);
    const other = await signUp(t.app);
    expect((await other.patch(`/api/categories/${cat.id}`, { name_en: 'Mine' })).statusCode).toBe(403);
  });
});
