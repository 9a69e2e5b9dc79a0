import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GREETING_DEFAULTS_BY_LANGUAGE } from '@otkrytka/contract';
import { displayName as wizardName } from '@otkrytka/contract/rules/auth';
import { displayName } from '../src/modules/auth';
import { makeChannel, makePostcard } from './factories/collection';
import { client, createTestApp, signUp, type TestApp } from './helpers';

/** A greeting sent without a signature is signed with the sender's display name, so the recipient knows who sent it. */
let t: TestApp;
let postcardId: number;
beforeAll(async () => {
  t = await createTestApp();
  const owner = await signUp(t.app);
  postcardId = (await makePostcard(t, { userId: owner.user.id, collectionId: (await makeChannel(t, owner.user.id)).id, approved: true })).id;
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signUp>>;
const named = async (u: User, names: { username?: string | null; first_name?: string | null; last_name?: string | null }) => {
  await t.db.updateTable('users').set(names).where('id', '=', u.user.id).execute();
  return u;
};
/** Sends a greeting and answers its signature as anyone with the link reads it. */
async function signature(sender: User, body: Record<string, unknown> = {}) {
  const made = await sender.post('/api/greetings', { image_relations_id: postcardId, ...body });
  expect(made.statusCode, made.body).toBe(201);
  const seen = await client(t.app).get(`/api/greetings/${made.json().id}`);
  expect(seen.statusCode, seen.body).toBe(200);
  expect(seen.json().from_whom).toBe(made.json().from_whom);
  return seen.json().from_whom as string;
}

describe('the signature of a greeting sent with «От кого» left empty', () => {
  it.each([
    ['missing', {}],
    ['empty', { from_whom: '' }],
    ['spaces', { from_whom: '   ' }],
    ['null', { from_whom: null }],
    ['invisible characters', { from_whom: '\u200b\u0301\u{E0061}' }],
  ])('%s: the display name the sender chose', async (_what, body) => {
    const u = await named(await signUp(t.app), { username: 'Аня' });
    expect(await signature(u, body)).toBe('Аня');
  });

  it('a Telegram name (first and last) comes first; without any chosen name, the login', async () => {
    expect(await signature(await named(await signUp(t.app), { username: 'ivan_tg', first_name: 'Иван', last_name: 'Петров' }))).toBe('Иван Петров');
    const plain = await signUp(t.app);
    expect(await signature(plain)).toBe(plain.login);
  });

  it('is the name in English too, never «With love» or «С любовью»', async () => {
    const u = await named(await signUp(t.app), { username: 'Anna' });
    expect((await u.put('/api/settings/language', { value: 'en' })).statusCode).toBe(200);
    const from = await signature(u);
    expect(from).toBe('Anna');
    expect([GREETING_DEFAULTS_BY_LANGUAGE.en.fromWhom, GREETING_DEFAULTS_BY_LANGUAGE.ru.fromWhom]).not.toContain(from);
  });

  it('a signature the sender typed stays as typed', async () => {
    const u = await named(await signUp(t.app), { username: 'Аня' });
    expect(await signature(u, { from_whom: ' С любовью, мама ' })).toBe('С любовью, мама');
  });
});

it('the wizard names the same person in its hint as the server signs with', () => {
  for (const u of [
    { username: 'Аня', first_name: null, last_name: null, login: 'anya' },
    { username: 'ivan_tg', first_name: 'Иван', last_name: 'Петров', login: null },
    { username: null, first_name: 'Иван', last_name: null, login: null },
    { username: null, first_name: null, last_name: null, login: 'plain' },
    { username: null, first_name: null, last_name: null, login: null },
  ]) {
    expect(wizardName(u), JSON.stringify(u)).toBe(displayName(u));
  }
});
