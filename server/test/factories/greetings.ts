import { expect } from 'vitest';
import type { Greeting, GreetingView, SealedGreeting } from '@otkrytka/contract';
import { client, signUp, type Client, type TestApp } from '../helpers';
import { makeChannel, makePostcard } from './collection';

/** The secret text of every greeting made here: no answer to anyone but the sender may contain it before the moment. */
export const SECRET_TEXT = 'Секретный текст поздравления 7319';
export const SECRET_FROM = 'Тайный отправитель 5521';

/** A browser's user agent (light-my-request's default would do too; this reads like a person). */
export const BROWSER_UA = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

/** An approved postcard of a fresh channel owner: anyone may send it. */
export async function makeSendablePostcard(t: TestApp) {
  const owner = await signUp(t.app);
  const channel = await makeChannel(t, owner.user.id, { name: 'Праздники' });
  return makePostcard(t, { userId: owner.user.id, collectionId: channel.id, approved: true });
}

/** A greeting sent through the API by `sender` (a scheduled one with `opens_at`). */
export async function sendGreeting(t: TestApp, sender: Client, over: Record<string, unknown> = {}): Promise<Greeting> {
  const postcard = over.image_relations_id ? null : await makeSendablePostcard(t);
  const res = await sender.post('/api/greetings', {
    image_relations_id: postcard?.id,
    to_whom: 'Марии',
    greeting: SECRET_TEXT,
    from_whom: SECRET_FROM,
    background_first_page: 'orange-red-pink',
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Greeting;
}

/** The moment `ms` from the server clock, as the wizard sends it: with a +03:00 offset. */
export function momentIn(t: TestApp, ms: number): string {
  const d = new Date(t.clock.now().getTime() + ms + 3 * 3600_000);
  return d.toISOString().replace(/\.\d{3}Z$/, '+03:00');
}

/** A visitor (no account) with their own browser: a distinct user agent makes a distinct viewer. */
export function visitor(t: TestApp, ua = BROWSER_UA) {
  const c = client(t.app);
  return { ...c, get: (url: string) => c.raw('GET', url, undefined, { 'user-agent': ua }) };
}

/** Reads a greeting as `who`; answers the parsed view. */
export async function viewGreeting(who: Pick<Client, 'get'>, id: string): Promise<GreetingView> {
  const res = await who.get(`/api/greetings/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as GreetingView;
}

export async function acceptGreeting(who: Client, id: string) {
  const res = await who.post(`/api/greetings/${id}/accept`, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { already_accepted: boolean; energy_received: number };
}

/** The notifications of these types a user got, oldest first. */
export function notificationsOf(t: TestApp, userId: number, types: string[]) {
  return t.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).where('type', 'in', types).orderBy('id').execute();
}

export type { SealedGreeting };
