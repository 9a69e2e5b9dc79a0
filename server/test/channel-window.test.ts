import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_PAGE_MAX } from '@otkrytka/contract/rules/postcards';
import { makeCategory, makeChannel, makeGroup, makePostcard } from './factories/collection';
import { type Client, client, createTestApp, signUp, signUpAs, type TestApp } from './helpers';

/**
 * The viewer of a channel opens any of its cards, however many the channel holds, with the
 * neighbours the channel's listing gives it (it used to load only the newest 500).
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let channelId: number;
let otherChannelCard: { id: number };
let pending: { id: number };
let banned: { id: number };
const COUNT = CHANNEL_PAGE_MAX + 60;
const q: Record<'category' | 'group', string> = { category: '', group: '' };
const anon = () => client(t.app);

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
  stranger = await signUp(t.app);
  const channel = await makeChannel(t, owner.user.id, { name: 'Большой канал' });
  channelId = channel.id;
  const group = await makeGroup(t, owner.user.id, { name: 'Праздники' });
  const catA = await makeCategory(t, owner.user.id, { name: 'Новый год', groupId: group.id });
  const catB = await makeCategory(t, owner.user.id, { name: 'Весна' });
  q.category = `&category_id=${catA.id}`;
  q.group = `&group_id=${group.id}`;
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  for (let i = 0; i < COUNT; i++) {
    // every tenth pair shares its moment, so the id decides their order
    const at = start + (i - (i % 10 === 1 ? 1 : 0)) * 60_000;
    await makePostcard(t, { userId: owner.user.id, collectionId: channelId, approved: true, categoryId: i % 3 ? catA.id : catB.id, createdAt: new Date(at).toISOString() });
  }
  const middle = new Date(start + (COUNT / 2) * 60_000 + 30_000).toISOString();
  pending = await makePostcard(t, { userId: owner.user.id, collectionId: channelId, approved: false, categoryId: catA.id, createdAt: middle });
  banned = await makePostcard(t, { userId: owner.user.id, collectionId: channelId, approved: true, banned: true, categoryId: catA.id, createdAt: middle });
  const other = await makeChannel(t, stranger.user.id);
  otherChannelCard = await makePostcard(t, { userId: stranger.user.id, collectionId: other.id, approved: true });
}, 120_000);
afterAll(() => t.close());

/** The channel's whole listing as `/postcards` gives it (newest first), page by page. */
async function listing(who: Client, filter: string): Promise<number[]> {
  const ids: number[] = [];
  for (let offset = 0; ; offset += CHANNEL_PAGE_MAX) {
    const res = await who.get(`/api/collections/${channelId}/postcards?limit=${CHANNEL_PAGE_MAX}&offset=${offset}${filter}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { items: { id: number }[]; total: number };
    ids.push(...page.items.map((p) => p.id));
    if (ids.length >= page.total || !page.items.length) return ids;
  }
}

type Window = { items: { id: number }[]; index: number; has_before: boolean; has_after: boolean; total: number };
async function windowOf(who: Client, query: string): Promise<Window> {
  const res = await who.get(`/api/collections/${channelId}/window?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('GET /api/collections/{id}/window', () => {
  it('opens the oldest card of a channel of more than 500, oldest first, with the next ones after it', async () => {
    const newestFirst = await listing(anon(), '');
    expect(newestFirst).toHaveLength(COUNT);
    const oldest = newestFirst.at(-1)!;
    const w = await windowOf(anon(), `id=${oldest}&order=oldest&before=10&after=10`);
    expect(w.items.map((p) => p.id)).toEqual([...newestFirst].reverse().slice(0, 11));
    expect(w).toMatchObject({ index: 0, has_before: false, has_after: true, total: COUNT });
  });

  for (const order of ['newest', 'oldest'] as const) {
    for (const filter of ['none', 'category', 'group'] as const) {
      it(`holds the listing's neighbours of a card deep in it: order ${order}, filter ${filter}`, async () => {
        const f = filter === 'none' ? '' : q[filter];
        const newestFirst = await listing(anon(), f);
        const ids = order === 'newest' ? newestFirst : [...newestFirst].reverse();
        const at = Math.floor(ids.length * 0.9);
        const w = await windowOf(anon(), `id=${ids[at]}&order=${order}&before=6&after=4${f}`);
        expect(w.items.map((p) => p.id)).toEqual(ids.slice(at - 6, at + 5));
        expect(w).toMatchObject({ index: 6, has_before: true, has_after: true, total: ids.length });
      });
    }
  }

  it('stops at both ends of the listing, and a side not asked for still says whether it has cards', async () => {
    const newestFirst = await listing(anon(), '');
    const last = await windowOf(anon(), `id=${newestFirst.at(-2)}&before=0&after=10`);
    expect(last.items.map((p) => p.id)).toEqual(newestFirst.slice(-2));
    expect(last).toMatchObject({ index: 0, has_before: true, has_after: false });
    const newest = await windowOf(anon(), `id=${newestFirst[0]}&before=10&after=0`);
    expect(newest).toMatchObject({ items: [{ id: newestFirst[0] }], index: 0, has_before: false, has_after: true });
  });

  it('shows pending and banned cards only to the owner and the moderator, as the listing does', async () => {
    const mod = await signUpAs(t, 22);
    for (const who of [owner, mod]) {
      const ids = await listing(who, '');
      expect(ids).toEqual(expect.arrayContaining([pending.id, banned.id]));
      const at = ids.indexOf(pending.id);
      const w = await windowOf(who, `id=${pending.id}&before=2&after=2`);
      expect(w.items.map((p) => p.id)).toEqual(ids.slice(at - 2, at + 3));
      expect(w.total).toBe(COUNT + 2);
    }
    for (const [who, query] of [[anon(), ''], [stranger, ''], [owner, '&approved=true']] as const) {
      for (const id of [pending.id, banned.id]) {
        const res = await who.get(`/api/collections/${channelId}/window?id=${id}${query}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ code: 'NOT_FOUND', detail: 'This postcard is not in the channel listing' });
      }
    }
    // a stranger's neighbours of the card next to them skip the pending and banned ones
    const ownerIds = await listing(owner, '');
    const next = ownerIds[Math.max(ownerIds.indexOf(pending.id), ownerIds.indexOf(banned.id)) + 1]!;
    const approvedIds = await listing(stranger, '');
    const at = approvedIds.indexOf(next);
    const w = await windowOf(stranger, `id=${next}&before=3&after=3`);
    expect(w.items.map((p) => p.id)).toEqual(approvedIds.slice(at - 3, at + 4));
    expect(w.total).toBe(COUNT);
  });

  it('answers 404 for a card of another channel, of another category, and for an unknown channel', async () => {
    const newestFirst = await listing(anon(), '');
    const catAIds = new Set(await listing(anon(), q.category));
    const outsideCategory = newestFirst.find((id) => !catAIds.has(id))!;
    for (const query of [`id=${otherChannelCard.id}`, `id=${outsideCategory}${q.category}`, `id=${outsideCategory}${q.group}`, 'id=2147483647']) {
      const res = await anon().get(`/api/collections/${channelId}/window?${query}`);
      expect(res.statusCode, query).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', detail: 'This postcard is not in the channel listing' });
    }
    const res = await anon().get(`/api/collections/2147483647/window?id=${newestFirst[0]}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', detail: 'Channel not found' });
  });

  it('refuses bad parameters with 422', async () => {
    for (const query of ['', 'id=0', 'id=abc', `id=${pending.id}&before=51`, `id=${pending.id}&after=-1`, `id=${pending.id}&order=random`]) {
      const res = await anon().get(`/api/collections/${channelId}/window?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json()).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
    }
  });
});
