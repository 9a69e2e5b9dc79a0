import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GREETING_DEFAULTS_BY_LANGUAGE } from '@otkrytka/contract';
import { makeChannel, makePostcard } from './factories/collection';
import { createTestApp, signUp, type TestApp } from './helpers';

/** a skipped greeting text gets the default in the creator's language. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const greet = async (language: 'ru' | 'en' | null, body: Record<string, unknown> = {}) => {
  const u = await signUp(t.app);
  if (language) expect((await u.put('/api/settings/language', { value: language })).statusCode).toBe(200);
  const postcard = await makePostcard(t, { userId: u.user.id, collectionId: (await makeChannel(t, u.user.id)).id, approved: true });
  const res = await u.post('/api/greetings', { image_relations_id: postcard.id, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return { ...(res.json() as { to_whom: string; greeting: string; from_whom: string }), login: u.login };
};

describe('greeting defaults follow the creator\'s language', () => {
  it('an English-speaking creator gets the English defaults', async () => {
    const en = GREETING_DEFAULTS_BY_LANGUAGE.en;
    const g = await greet('en', { to_whom: '  ', greeting: null });
    // the signature is the sender's name in every language, never a «With love» that names nobody
    expect(g).toMatchObject({ to_whom: en.toWhom, greeting: en.greeting, from_whom: g.login });
  });

  it('a Russian-speaking creator, or one who chose nothing, gets the Russian ones', async () => {
    const ru = GREETING_DEFAULTS_BY_LANGUAGE.ru;
    const g = await greet('ru');
    expect(g).toMatchObject({ to_whom: ru.toWhom, greeting: ru.greeting, from_whom: g.login });
    expect(await greet(null, { to_whom: 'Маме' })).toMatchObject({ to_whom: 'Маме', greeting: ru.greeting });
  });
});
