import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoSeeding } from '../src/seed';
import { client, createTestApp, type TestApp } from './helpers';

/**
 * Search over the demo gallery (server/src/seed/catalogue.ts) as people type it: the same queries
 * and the same top results on SQLite and on PostgreSQL (docs/PRODUCT-RULES.md, Search).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DEMO_PASSWORD: 'demo-password-1' });
  // the demo's texts with a tiny picture each: the search reads the texts only
  const tiny = await sharp({ create: { width: 60, height: 90, channels: 3, background: '#ccddee' } }).jpeg().toBuffer();
  await startDemoSeeding(t.deps, { draw: async () => tiny, maxRounds: 1 }).done;
}, 60_000);
afterAll(() => t.close());

type Item = { id: number; title: string | null; is_approved: boolean; collection_id: number };
type Page = { items: Item[]; next_cursor: string | null; has_more: boolean };
const search = async (q: string, more = ''): Promise<Page> => {
  const res = await client(t.app).get(`/api/gallery?q=${encodeURIComponent(q)}${more}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const titles = (p: Page) => p.items.map((i) => i.title);

/** [query, the titles the results start with (in order), and how it is typed] */
const QUERIES: [string, string[], string][] = [
  ['с днём рождения', ['С днём рождения!', 'С днём рождения!'], 'phrase with a stop word'],
  ['день рождения', ['С днём рождения!', 'С днём рождения!'], 'nominative'],
  ['дня рождения', ['С днём рождения!'], 'genitive'],
  ['днем рождения', ['С днём рождения!'], '«е» for «ё»'],
  ['рождения мамы', ['С днём рождения, мама!'], 'word forms of two words'],
  ['с новым годом', ['С Новым годом!', 'С Новым годом!', 'Счастливого Нового года!'], 'instrumental'],
  ['новогодние', ['С Новым годом!'], 'adjective form of the description'],
  ['рождество', ['С Рождеством!'], 'title before category'],
  ['веселых праздников', ['Весёлых праздников!'], '«е» for «ё» in the title'],
  ['тюльпаны', ['Весеннего настроения!'], 'a word of the description'],
  ['тюльпан', ['Весеннего настроения!'], 'singular of a plural'],
  ['свадьбы', ['С днём свадьбы!'], 'genitive, category name'],
  ['юбилей', ['С юбилеем!', 'Поздравляем с юбилеем!'], 'category name and titles'],
  ['с добрым утром', ['Доброе утро!', 'С добрым утром!'], 'word forms against the category'],
  ['кофе', ['С добрым утром!'], 'indeclinable word'],
  ['защитника отечества', ['С Днём защитника!'], 'holiday name'],
  ['золотая осень', ['Золотой осени!'], 'adjective and noun forms'],
  ['первый снег', ['С первым снегом!'], 'two word forms'],
  ['пятница', ['С пятницей!'], 'instrumental in the title'],
  ['хорошего дня', ['Хорошего дня!'], '«дня» finds «день» in any form'],
  ['спакойной ночи', ['Спокойной ночи!'], 'a typo'],
  ['спасиба', ['Спасибо!'], 'a typo at the end'],
  ['рожденя', ['С днём рождения!'], 'a letter missing'],
  ['юбелей', ['С юбилеем!'], 'a typo in a category name'],
  ['ltym hj;ltybz', ['С днём рождения!', 'С днём рождения!'], 'wrong keyboard layout'],
  ['pjkjnjq jctyb', ['Золотой осени!'], 'wrong layout, word forms'],
  ['rjat', ['С добрым утром!'], 'wrong layout, one word'],
  ['8 марта', ['С 8 Марта!'], 'a date'],
  ['08.03', ['С 8 Марта!'], 'a date in figures'],
  ['23 февраля', ['С 23 Февраля!'], 'a date and a category'],
  ['9 мая', ['С Днём Победы!', 'Мирного неба!'], "a holiday's date"],
  ['birthday', ['С днём рождения!', 'С днём рождения!'], 'English category name'],
  ['new year', ['С Новым годом!', 'С Новым годом!'], 'English, two words'],
  ['good night', ['Спокойной ночи!'], 'English category name'],
  ['wedding', ['С днём свадьбы!'], 'English'],
  ["women's day", ['С 8 Марта!'], 'English category with an apostrophe'],
  ['victory day', ['С Днём Победы!'], 'English holiday name'],
];

describe('search over the demo gallery', () => {
  it.each(QUERIES)('«%s» starts with %j (%s)', async (q, top) => {
    const page = await search(q);
    expect(titles(page).slice(0, top.length)).toEqual(top);
    expect(page.items.every((i) => i.is_approved && i.collection_id === t.config.galleryCollectionId)).toBe(true);
  });

  it('drops stop words: a query of them alone finds nothing, and «с» does not widen «с юбилеем»', async () => {
    expect((await search('с на и')).items).toEqual([]);
    expect((await search('the for')).items).toEqual([]);
    expect(titles(await search('с юбилеем')).sort()).toEqual(titles(await search('юбилеем')).sort());
    expect((await search('юбилеем')).items.length).toBeLessThan(5);
  });

  it('finds by the credited author', async () => {
    const page = await search('студия', '&limit=100');
    expect(page.items.length).toBeGreaterThanOrEqual(40);
  });

  it('pages by relevance with a cursor: every match once, in the order of the single page', async () => {
    const whole = await search('праздник', '&limit=100');
    expect(whole.items.length).toBeGreaterThan(6);
    const ids: number[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 20; i++) {
      const page: Page = await search('праздник', `&limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      ids.push(...page.items.map((x) => x.id));
      if (!page.has_more) break;
      cursor = page.next_cursor;
    }
    expect(ids).toEqual(whole.items.map((x) => x.id));
  });

  it('keeps the other sorts and the filters with q', async () => {
    const newest = await search('день', '&sort=newest&limit=100');
    const dates = newest.items.map((x) => (x as unknown as { created_at: string }).created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    const relevance = await search('день', '&limit=100');
    expect(new Set(newest.items.map((x) => x.id))).toEqual(new Set(relevance.items.map((x) => x.id)));
    const chips = (await client(t.app).get('/api/gallery/chips')).json() as { categories: { id: number; name: string }[] };
    const birthday = chips.categories.find((c) => c.name === 'День рождения')!;
    const inCategory = await search('день', `&category=${birthday.id}&limit=100`);
    expect(inCategory.items.length).toBeGreaterThan(0);
    expect(inCategory.items.every((x) => (x as unknown as { category_id: number }).category_id === birthday.id)).toBe(true);
    expect((await client(t.app).get('/api/gallery?q=день&cursor=bm9wZQ')).statusCode).toBe(400);
  });

  it('takes q of 1–100 characters (trimmed); longer is 422 at field q; blank is no search', async () => {
    const long = await client(t.app).get(`/api/gallery?q=${'а'.repeat(101)}`);
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'q' });
    expect((await client(t.app).get(`/api/gallery?q=${encodeURIComponent(` ${'а'.repeat(100)} `)}`)).statusCode).toBe(200);
    const blank = await client(t.app).get('/api/gallery?q=%20%20&limit=5');
    expect(blank.json().items.map((x: Item) => x.id)).toEqual((await client(t.app).get('/api/gallery?limit=5')).json().items.map((x: Item) => x.id));
  });
});

describe('suggestions', () => {
  type Suggestions = { suggestions: { kind: string; text: string; category_id?: number; holiday_id?: string }[] };
  const suggest = async (q: string, lang = 'ru'): Promise<Suggestions['suggestions']> => {
    const res = await client(t.app).get(`/api/search/suggestions?q=${encodeURIComponent(q)}&lang=${lang}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Suggestions).suggestions;
  };

  it('suggests categories and holidays as one types, in the reader’s language, at most 8', async () => {
    const ru = await suggest('день р');
    expect(ru[0]).toMatchObject({ kind: 'category', text: 'День рождения' });
    const en = await suggest('birth', 'en');
    expect(en[0]).toMatchObject({ kind: 'category', text: 'Birthday' });
    const women = await suggest('женск');
    expect(women).toContainEqual({ kind: 'holiday', text: 'Международный женский день', holiday_id: 'international-womens-day' });
    expect((await suggest('день')).length).toBeLessThanOrEqual(8);
    expect((await suggest('ltym'))[0]).toMatchObject({ kind: 'category', text: 'День рождения' });
  });

  it('suggests a search made often that found something, never one that found nothing', async () => {
    for (let i = 0; i < 3; i++) {
      await search('Тюльпаны');
      await search('жирафы бегемоты');
    }
    await expect.poll(async () => suggest('тюль')).toContainEqual({ kind: 'query', text: 'тюльпаны' });
    expect(await suggest('')).toContainEqual({ kind: 'query', text: 'тюльпаны' });
    expect((await suggest('', 'en')).some((s) => s.kind === 'query')).toBe(false);
    expect((await suggest('жираф')).some((s) => s.kind === 'query')).toBe(false);
  });

  it('with nothing typed, offers the coming holidays', async () => {
    const empty = await suggest('');
    expect(empty.some((s) => s.kind === 'holiday' && s.holiday_id)).toBe(true);
  });
});
