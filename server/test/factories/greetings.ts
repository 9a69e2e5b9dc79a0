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

let visitorSeq = 0;
/**
 * A visitor (no account) on their own device: by default each has an address of its own (a
 * visitor is one viewer per address, whatever user agent it sends).
 */
export function visitor(t: TestApp, ua = BROWSER_UA, address = `203.0.113.${(visitorSeq++ % 250) + 1}`) {
  const send = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { 'user-agent': ua }, remoteAddress: address, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { ...client(t.app), get: (url: string) => send('GET', url), post: (url: string, body?: unknown) => send('POST', url, body ?? {}) };
}

/** A signed-in user on a device at `address` (the same device a visitor at that address used, say). */
export function signedInAt(t: TestApp, user: Client, address: string, ua = BROWSER_UA) {
  const headers = { 'user-agent': ua, authorization: `Bearer ${user.token}` };
  const send = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers, remoteAddress: address, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { get: (url: string) => send('GET', url), post: (url: string, body?: unknown) => send('POST', url, body ?? {}) };
}

/** Reads a greeting through the API alone, as a script or a preview fetcher would: no open is counted. */
export async function readGreeting(who: Pick<Client, 'get'>, id: string): Promise<GreetingView> {
  const res = await who.get(`/api/greetings/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as GreetingView;
}

/**
 * Opens a greeting as its page does: reads it, then, once it is on screen (an open greeting, not
 * a sealed envelope), reports the open. Answers the view as read.
 */
export async function viewGreeting(who: Pick<Client, 'get' | 'post'>, id: string): Promise<GreetingView> {
  const view = await readGreeting(who, id);
  if (!view.sealed && !view.is_own) {
    const res = await who.post(`/api/greetings/${id}/open`, {});
    expect(res.statusCode, res.body).toBe(200);
  }
  return view;
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
