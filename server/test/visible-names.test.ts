import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasVisibleCharacter, trimInvisible } from '@otkrytka/contract/rules/text';
import { makeChannel, makePostcard } from './factories/collection';
import { createTestApp, signUp, type TestApp } from './helpers';

/** Names made of characters that draw nothing: each would show as a blank. */
const BLANK = {
  'tag characters': '\u{E0061}\u{E0062}\u{E0063}\u{E0064}\u{E0065}',
  'combining marks': '\u0301\u0308\u0327\u20DD',
  'combining marks after a space': ' \u0301\u0301\u0301\u0301',
  'variation selectors': '\uFE0F\uFE0E\u{E0100}\u{E0101}',
  'zero-width and format characters': '\u200B\u200C\u200D\u2060\u2061\u{1D173}',
  'a mix of them': '\u{E0041}\u0301\u200B\uFE0F\u034F\u{E007F}',
};
/** Names with something to see, the invisible characters in them kept where they belong. */
const VISIBLE = {
  'a letter with a combining accent': 'Cafe\u0301',
  'an emoji flag made with tag characters': '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}',
  'an emoji with a variation selector': '\u2764\uFE0F\u2764\uFE0F',
  'a keycap digit': '1\uFE0F\u20E3 2\uFE0F\u20E3',
  'punctuation only': '...!',
  'a family emoji (joiners inside)': '👨‍👩‍👧👨‍👩‍👧',
};

describe('the text rule: at least one visible character', () => {
  it.each(Object.entries(BLANK))('a text of %s is empty', (_what, s) => {
    expect(hasVisibleCharacter(s)).toBe(false);
    expect(trimInvisible(s)).toBe('');
  });

  it.each(Object.entries(VISIBLE))('a text of %s is kept as typed', (_what, s) => {
    expect(hasVisibleCharacter(s)).toBe(true);
    expect(trimInvisible(`\u200B ${s} \u200B`)).toBe(s);
  });
});

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
});
afterAll(() => t.close());

describe('names need a visible character (422 naming the field)', () => {
  it.each(Object.entries(BLANK))('a channel named with %s', async (_what, name) => {
    const res = await owner.post('/api/collections', { name });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ field: 'name', detail: 'name: channels.errors.nameRequired' });
    const ch = (await owner.post('/api/collections', { name: 'Праздники' })).json();
    const renamed = await owner.patch(`/api/collections/${ch.id}`, { name });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().field).toBe('name');
    expect((await owner.get(`/api/collections/${ch.id}`)).json().name).toBe('Праздники');
  });

  it.each(Object.entries(BLANK))('a category and a category group named with %s', async (_what, name) => {
    for (const url of ['/api/categories', '/api/category-groups']) {
      const res = await owner.post(url, { name });
      expect(res.statusCode, url).toBe(422);
      expect(res.json(), url).toMatchObject({ field: 'name', detail: 'name: categories.errors.nameRequired' });
      const made = (await owner.post(url, { name: 'Весна' })).json();
      const renamed = await owner.patch(`${url}/${made.id}`, { name });
      expect(renamed.statusCode, url).toBe(422);
      expect(renamed.json().field, url).toBe('name');
    }
  });

  it.each(Object.entries(VISIBLE))('accepts a channel, category and group named with %s', async (_what, name) => {
    // a channel name needs 4 characters: the visible one is padded with a word
    const ch = await owner.post('/api/collections', { name: `${name} Канал` });
    expect(ch.statusCode, ch.body).toBe(201);
    for (const url of ['/api/categories', '/api/category-groups']) {
      const res = await owner.post(url, { name });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().name).toBe(name);
    }
  });

  it('an optional English category name of invisible characters is no name', async () => {
    const res = await owner.post('/api/categories', { name: 'Лето', name_en: BLANK['tag characters'] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().name_en).toBeNull();
  });

  it('a display name of invisible characters at sign-up is no display name', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'blank-name@example.com', login: 'blankname', password: 'long-enough', agreement: true, username: BLANK['combining marks'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user.username).toBeNull();
  });

  it('a greeting whose names are invisible characters gets the defaults', async () => {
    const channel = await makeChannel(t, owner.user.id);
    const postcard = await makePostcard(t, { userId: owner.user.id, collectionId: channel.id, approved: true });
    const res = await owner.post('/api/greetings', {
      image_relations_id: postcard.id,
      to_whom: BLANK['tag characters'],
      greeting: BLANK['variation selectors'],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ to_whom: 'Дорогой друг', greeting: 'С праздником! Желаю счастья и радости!' });
  });
});
