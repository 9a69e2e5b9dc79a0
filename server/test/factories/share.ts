import { fixtures } from '../fixtures';
import type { Client, TestApp } from '../helpers';
import { makeChannel, makePostcard } from './collection';

/** An approved postcard whose picture really is in storage (a JPEG fixture), in a channel. */
export async function makeStoredPostcard(t: TestApp, ownerId: number, channelId: number, over: { title?: string; description?: string } = {}) {
  const p = await makePostcard(t, { userId: ownerId, collectionId: channelId, approved: true });
  const key = `share-test/${p.id}.png`;
  await t.deps.storage.put(key, fixtures.png);
  await t.db
    .updateTable('image_relations')
    .set({ storage_key: key, ...(over.title ? { title: over.title } : {}), ...(over.description ? { description: over.description } : {}) })
    .where('id', '=', p.id)
    .execute();
  return { ...p, storage_key: key, title: over.title ?? p.title };
}

/** A channel of `ownerId` with a stored postcard in it. */
export async function makeChannelWithPostcard(t: TestApp, ownerId: number, name = 'Дни рождения') {
  const channel = await makeChannel(t, ownerId, { name });
  const postcard = await makeStoredPostcard(t, ownerId, channel.id);
  return { channel, postcard };
}

/** A greeting made through the API by `sender`. */
export async function makeGreeting(sender: Client, postcardId: number, over: Record<string, unknown> = {}) {
  const res = await sender.post('/api/greetings', {
    image_relations_id: postcardId,
    to_whom: 'Марии',
    greeting: 'Секретный текст поздравления 42',
    from_whom: 'Аня',
    background_first_page: 'orange-red-pink',
    ...over,
  });
  if (res.statusCode !== 201) throw new Error(`makeGreeting failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; to_whom: string; telegram_url: string | null };
}
