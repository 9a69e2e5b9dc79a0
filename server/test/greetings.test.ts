import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GREETING_PUBLIC_ID } from '@otkrytka/contract';
import { getBalances } from '../src/modules/ledger';
import { expFor } from '../src/modules/game/rules';
import { makeChannel, makePostcard, makeSubscription } from './factories/collection';
import { grantBalance } from './factories/game';
import { client, createTestApp, signUp, type Client, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signUp>>;
const visitor = () => client(t.app);
const yang = async (u: User) => (await getBalances(t.db, u.user.id)).yang;

/** The sum of a user's yang ledger: a balance must always equal it. */
async function yangLedgerSum(userId: number) {
  const r = await t.db
    .selectFrom('ledger')
    .select((eb) => eb.fn.sum<number>('delta').as('s'))
    .where('user_id', '=', userId)
    .where('asset', '=', 'yang')
    .executeTakeFirst();
  return Number(r?.s ?? 0);
}

/** The notifications this module sends a user (the game layer may send others, e.g. achievements). */
const greetingNotifications = (userId: number) =>
  t.db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('type', 'in', ['greeting_received', 'gift'])
    .orderBy('id')
    .execute();

/** An ISO timestamp taken by the server between two moments of the test clock. */
function expectBetween(at: string, from: string, to: string) {
  expect(at >= from && at <= to, `${at} within [${from}, ${to}]`).toBe(true);
}

/** A postcard anyone may send: approved, in someone's channel. */
async function approvedPostcard() {
  const owner = await signUp(t.app);
  const channel = await makeChannel(t, owner.user.id, { name: 'Праздники' });
  return makePostcard(t, { userId: owner.user.id, collectionId: channel.id, approved: true });
}

async function createGreeting(sender: Client, body: Record<string, unknown> = {}) {
  const postcard = body.image_relations_id ? null : await approvedPostcard();
  const res = await sender.post('/api/greetings', { image_relations_id: postcard?.id, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; energy: number; image_relations_id: number; [k: string]: unknown };
}

describe('creating a greeting', () => {
  it('stores trimmed values and answers the greeting with its postcard and channel', async () => {
    const a = await signUp(t.app);
    const postcard = await approvedPostcard();
    const res = await a.post('/api/greetings', {
      image_relations_id: postcard.id,
      to_whom: '  Маме  ',
      greeting: '\n С днём рождения!  ',
      from_whom: '  С любовью, Аня ',
      background_first_page: 'dark-green-blue',
      background_greeting_page: 'yellow-orange',
    });
    expect(res.statusCode).toBe(201);
    const g = res.json();
    expect(g).toMatchObject({
      to_whom: 'Маме',
      greeting: 'С днём рождения!',
      from_whom: 'С любовью, Аня',
      background_first_page: 'dark-green-blue',
      background_greeting_page: 'yellow-orange',
      energy: 0,
      gift_claimed: false,
      is_own: true,
      image_relations_id: postcard.id,
      postcard: {
        id: postcard.id,
        title: postcard.title,
        collection_id: postcard.collection_id,
        media_kind: 'image',
        image_url: `/media/${postcard.storage_key}`,
      },
      channel: { id: postcard.collection_id, name: 'Праздники' },
    });
    expect(g.postcard.preview_36_url).toMatch(/^\/media\/test\/preview\/36\/card-\d+\.webp$/);
    expect(g.postcard.preview_78x101_url).toMatch(/^\/media\/test\/preview\/78x101\/card-\d+\.webp$/);
    expect(g.id).toMatch(GREETING_PUBLIC_ID);
    expect(g.created_at).toBe(g.updated_at);
  });

  it.each([
    ['missing', {}],
    ['empty', { to_whom: '', greeting: '', from_whom: '' }],
    ['whitespace', { to_whom: '   ', greeting: ' \n\t ', from_whom: '  ' }],
    ['null', { to_whom: null, greeting: null, from_whom: null }],
    // invisible characters draw nothing: a name of them would show as a blank
    ['invisible', { to_whom: '\u200b\u200b\u2800', greeting: '\u2060\ufeff \u200d', from_whom: '\u00ad\u200e\uffa0' }],
  ])('turns %s values into the defaults', async (_name, values) => {
    const a = await signUp(t.app);
    const g = await createGreeting(a, values);
    expect(g).toMatchObject({
      to_whom: 'Дорогой друг',
      greeting: 'С праздником! Желаю счастья и радости!',
      // no signature: the sender's display name (an account without a chosen name: its login)
      from_whom: a.login,
      background_first_page: 'pink-purple-indigo',
      background_greeting_page: 'pink-purple-indigo',
      energy: 0,
    });
  });

  it('uses the first page background for the greeting page when only that one is chosen', async () => {
    const a = await signUp(t.app);
    const g = await createGreeting(a, { background_first_page: 'orange-red-pink' });
    expect(g.background_greeting_page).toBe('orange-red-pink');
  });

  it.each([
    'pink-purple-indigo',
    'blue-green-cyan',
    'orange-red-pink',
    'yellow-orange',
    'dark-indigo-purple',
    'dark-green-blue',
    'dark-orange-red',
    'dark-yellow-orange',
  ])('accepts the background %s', async (bg) => {
    const a = await signUp(t.app);
    const g = await createGreeting(a, { background_first_page: bg, background_greeting_page: bg });
    expect([g.background_first_page, g.background_greeting_page]).toEqual([bg, bg]);
  });

  it.each([
    [{ background_first_page: 'rainbow' }, 'background_first_page'],
    [{ background_greeting_page: 'PINK-PURPLE-INDIGO' }, 'background_greeting_page'],
    [{ energy: -1 }, 'energy'],
    [{ energy: 1.5 }, 'energy'],
    [{ energy: '5' }, 'energy'],
    [{ energy: 1_000_001 }, 'energy'],
    [{ to_whom: 'я'.repeat(101) }, 'to_whom'],
    [{ from_whom: 'я'.repeat(101) }, 'from_whom'],
    [{ greeting: 'я'.repeat(2001) }, 'greeting'],
    [{ to_whom: 5 }, 'to_whom'],
    [{ image_relations_id: 'abc' }, 'image_relations_id'],
    [{ image_relations_id: 0 }, 'image_relations_id'],
  ])('refuses %o with 422 naming the field', async (over, field) => {
    const a = await signUp(t.app);
    const postcard = await approvedPostcard();
    const res = await a.post('/api/greetings', { image_relations_id: postcard.id, ...over });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field });
  });

  it('refuses a missing postcard id', async () => {
    const res = await (await signUp(t.app)).post('/api/greetings', { to_whom: 'Маме' });
    expect(res.statusCode).toBe(422);
    expect(res.json().field).toBe('image_relations_id');
  });

  it('accepts texts of exactly the maximum length (after trimming)', async () => {
    const a = await signUp(t.app);
    const g = await createGreeting(a, {
      to_whom: ` ${'к'.repeat(100)} `,
      from_whom: 'о'.repeat(100),
      greeting: 'т'.repeat(2000),
    });
    expect([(g.to_whom as string).length, (g.from_whom as string).length, (g.greeting as string).length]).toEqual([
      100, 100, 2000,
    ]);
  });

  it('answers 404 for a postcard that does not exist', async () => {
    const res = await (await signUp(t.app)).post('/api/greetings', { image_relations_id: 999_999 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Postcard not found', code: 'NOT_FOUND' });
  });

  describe('which postcards a sender may use', () => {
    it('refuses a pending postcard of someone else in a channel the sender does not follow (as if it did not exist)', async () => {
      const owner = await signUp(t.app);
      const ch = await makeChannel(t, owner.user.id);
      const pending = await makePostcard(t, { userId: owner.user.id, collectionId: ch.id });
      const res = await (await signUp(t.app)).post('/api/greetings', { image_relations_id: pending.id });
      expect(res.statusCode).toBe(404);
    });

    it('allows their own pending postcard', async () => {
      const a = await signUp(t.app);
      const ch = await makeChannel(t, a.user.id);
      const mine = await makePostcard(t, { userId: a.user.id, collectionId: ch.id });
      expect((await a.post('/api/greetings', { image_relations_id: mine.id })).statusCode).toBe(201);
    });

    it('allows a pending postcard in a channel they own, added by someone else', async () => {
      const a = await signUp(t.app);
      const other = await signUp(t.app);
      const ch = await makeChannel(t, a.user.id);
      const p = await makePostcard(t, { userId: other.user.id, collectionId: ch.id });
      expect((await a.post('/api/greetings', { image_relations_id: p.id })).statusCode).toBe(201);
    });

    it("refuses another user's pending postcard, even in a channel they subscribe to (moderation gates distribution)", async () => {
      const owner = await signUp(t.app);
      const a = await signUp(t.app);
      const ch = await makeChannel(t, owner.user.id);
      const p = await makePostcard(t, { userId: owner.user.id, collectionId: ch.id });
      expect((await a.post('/api/greetings', { image_relations_id: p.id })).statusCode).toBe(404);
      await makeSubscription(t, a.user.id, ch.id);
      expect((await a.post('/api/greetings', { image_relations_id: p.id })).statusCode).toBe(404);
      expect((await owner.post('/api/greetings', { image_relations_id: p.id })).statusCode).toBe(201);
    });

    it('never allows a banned postcard, not even the owner', async () => {
      const a = await signUp(t.app);
      const ch = await makeChannel(t, a.user.id);
      const banned = await makePostcard(t, { userId: a.user.id, collectionId: ch.id, banned: true });
      const res = await a.post('/api/greetings', { image_relations_id: banned.id });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: 'This postcard was banned by moderation and cannot be sent', code: 'POSTCARD_BANNED' });
      const approvedButBanned = await makePostcard(t, { userId: a.user.id, collectionId: ch.id, approved: true, banned: true });
      expect((await (await signUp(t.app)).post('/api/greetings', { image_relations_id: approvedButBanned.id })).statusCode).toBe(403);
    });
  });
});

describe('the energy gift', () => {
  it('is taken from the sender in the same transaction, through the ledger', async () => {
    const a = await signUp(t.app);
    expect(await yang(a)).toBe(20);
    const g = await createGreeting(a, { energy: 15 });
    expect(g.energy).toBe(15);
    expect(await yang(a)).toBe(5);
    expect(await yangLedgerSum(a.user.id)).toBe(5);
    const escrow = await t.db
      .selectFrom('ledger')
      .selectAll()
      .where('user_id', '=', a.user.id)
      .where('reason', '=', 'greeting_gift_escrow')
      .execute();
    expect(escrow).toHaveLength(1);
    expect(escrow[0]).toMatchObject({ asset: 'yang', delta: -15, ref_type: 'greeting' });
  });

  it('may be the whole balance, whatever the balance has grown to', async () => {
    const a = await signUp(t.app);
    await grantBalance(t, a.user.id, 'yang', 80);
    await createGreeting(a, { energy: 100 });
    expect(await yang(a)).toBe(0);
    expect(await yangLedgerSum(a.user.id)).toBe(0);
  });

  it('when larger than the balance answers 409 and creates nothing', async () => {
    const a = await signUp(t.app);
    const postcard = await approvedPostcard();
    const res = await a.post('/api/greetings', { image_relations_id: postcard.id, to_whom: 'Другу', energy: 21 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'Not enough energy for a gift of 21: the largest gift is 20', code: 'INSUFFICIENT_BALANCE' });
    expect(await yang(a)).toBe(20);
    expect(await yangLedgerSum(a.user.id)).toBe(20);
    expect((await a.get('/api/greetings/created')).json().items).toEqual([]);
    const rows = await t.db.selectFrom('greetings').select('id').where('user_id', '=', a.user.id).execute();
    expect(rows).toEqual([]);
  });

  it('goes to the first person who accepts, once; later acceptors get the greeting without energy', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const c = await signUp(t.app);
    const g = await createGreeting(a, { energy: 8, to_whom: 'Боре', from_whom: 'Аня' });

    const first = await b.post(`/api/greetings/${g.id}/accept`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      already_accepted: false,
      energy_received: 8,
      accepted: { greeting_id: g.id, to_whom: 'Боре', from_whom: 'Аня', energy_received: 8 },
    });
    expect(await yang(b)).toBe(28);

    const second = await c.post(`/api/greetings/${g.id}/accept`);
    expect(second.json()).toMatchObject({ already_accepted: false, energy_received: 0 });
    expect(await yang(c)).toBe(20);
    expect(await yang(a)).toBe(12);
    expect((await visitor().get(`/api/greetings/${g.id}`)).json().gift_claimed).toBe(true);
  });

  it('accepting twice pays nothing the second time and says so', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const g = await createGreeting(a, { energy: 4 });
    await b.post(`/api/greetings/${g.id}/accept`);
    const again = await b.post(`/api/greetings/${g.id}/accept`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ already_accepted: true, energy_received: 0, accepted: { energy_received: 4 } });
    expect(await yang(b)).toBe(24);
    expect((await b.get('/api/greetings/accepted')).json().items).toHaveLength(1);
  });

  it('is not paid again after the acceptor removed it from their list and accepts anew', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const g = await createGreeting(a, { energy: 6 });
    const accepted = (await b.post(`/api/greetings/${g.id}/accept`)).json().accepted;
    expect((await b.delete(`/api/greetings/accepted/${accepted.id}`)).statusCode).toBe(200);
    const again = await b.post(`/api/greetings/${g.id}/accept`);
    expect(again.json()).toMatchObject({ already_accepted: false, energy_received: 0 });
    expect(await yang(b)).toBe(26);
  });

  it('20 concurrent accepts by 20 users credit the gift exactly once; every balance equals its ledger', async () => {
    const a = await signUp(t.app);
    const g = await createGreeting(a, { energy: 10 });
    const users = await Promise.all(Array.from({ length: 20 }, () => signUp(t.app)));
    const answers = await Promise.all(users.map((u) => u.post(`/api/greetings/${g.id}/accept`)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const paid = answers.map((r) => r.json().energy_received as number);
    expect(paid.filter((e) => e === 10)).toHaveLength(1);
    expect(paid.filter((e) => e === 0)).toHaveLength(19);

    const balances = await Promise.all(users.map(yang));
    expect(balances.filter((b) => b === 30)).toHaveLength(1);
    expect(balances.filter((b) => b === 20)).toHaveLength(19);
    for (const u of [a, ...users]) expect(await yang(u)).toBe(await yangLedgerSum(u.user.id));
    expect(await yang(a)).toBe(10);
    const gifts = await t.db.selectFrom('ledger').select('user_id').where('reason', '=', 'greeting_gift').where('ref_id', 'in', [
      String((await t.db.selectFrom('greetings').select('id').where('public_id', '=', g.id).executeTakeFirstOrThrow()).id),
    ]).execute();
    expect(gifts).toHaveLength(1);
  });

  it('racing a delete against accepts neither creates nor loses energy', async () => {
    const a = await signUp(t.app);
    const g = await createGreeting(a, { energy: 12 });
    const users = await Promise.all(Array.from({ length: 6 }, () => signUp(t.app)));
    const all = [a, ...users];
    const before = (await Promise.all(all.map(yang))).reduce((s, x) => s + x, 0) + 12;
    const answers = await Promise.all([
      ...users.slice(0, 3).map((u) => u.post(`/api/greetings/${g.id}/accept`)),
      a.delete(`/api/greetings/${g.id}`),
      ...users.slice(3).map((u) => u.post(`/api/greetings/${g.id}/accept`)),
    ]);
    for (const r of answers) expect([200, 404], r.body).toContain(r.statusCode);
    const after = (await Promise.all(all.map(yang))).reduce((s, x) => s + x, 0);
    expect(after).toBe(before);
    for (const u of all) expect(await yang(u)).toBe(await yangLedgerSum(u.user.id));
  });

  it('creating greetings with gifts while the same sender spends energy: no errors (one lock order, retried)', async () => {
    const a = await signUp(t.app);
    await grantBalance(t, a.user.id, 'yang', 480);
    const postcard = await approvedPostcard();
    const requests = Array.from({ length: 60 }, (_, i) =>
      i % 2
        ? a.post('/api/greetings', { image_relations_id: postcard.id, energy: 3 })
        : a.post('/api/user-game-data/spend-energy-v2', { energy_points: 2, reason: 'race' }),
    );
    const statuses = (await Promise.all(requests)).map((r) => r.statusCode);
    expect(statuses.filter((s) => s >= 300)).toEqual([]);
    const moved = await t.db
      .selectFrom('ledger')
      .select(['reason', (eb) => eb.fn.sum<number>('delta').as('total')])
      .where('user_id', '=', a.user.id)
      .where('reason', 'in', ['spend:race', 'greeting_gift_escrow'])
      .groupBy('reason')
      .orderBy('reason')
      .execute();
    expect(moved.map((r) => [r.reason, Number(r.total)])).toEqual([['greeting_gift_escrow', -90], ['spend:race', -60]]);
    expect(await yangLedgerSum(a.user.id)).toBe(await yang(a));
  });

  describe('one attempt, sent more than once (idempotency_key)', () => {
    it('a repeat answers the first greeting and takes the gift once', async () => {
      const a = await signUp(t.app);
      const postcard = await approvedPostcard();
      const body = { image_relations_id: postcard.id, to_whom: 'Маме', energy: 10, idempotency_key: 'a1b2c3d4-0001' };
      const first = await a.post('/api/greetings', body);
      const again = await a.post('/api/greetings', { ...body, to_whom: 'Папе' });
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toMatchObject({ id: first.json().id, to_whom: 'Маме', energy: 10 });
      expect(await yang(a)).toBe(10);
      expect((await a.get('/api/greetings/created')).json().items.map((g: { id: string }) => g.id)).toEqual([first.json().id]);
    });

    it('eight copies at once (a double tap, a retry) make one greeting and one escrow', async () => {
      const a = await signUp(t.app);
      const postcard = await approvedPostcard();
      const body = { image_relations_id: postcard.id, energy: 15, idempotency_key: 'double-tap-0002' };
      const answers = await Promise.all(Array.from({ length: 8 }, () => a.post('/api/greetings', body)));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
      expect(new Set(answers.map((r) => r.json().id)).size).toBe(1);
      expect(await yang(a)).toBe(5);
      expect(await yangLedgerSum(a.user.id)).toBe(5);
      const rows = await t.db.selectFrom('greetings').select('id').where('user_id', '=', a.user.id).execute();
      expect(rows).toHaveLength(1);
    });

    it('is one per sender: another sender with the same id makes their own greeting; other ids make new ones', async () => {
      const [a, b] = [await signUp(t.app), await signUp(t.app)];
      const postcard = await approvedPostcard();
      const body = { image_relations_id: postcard.id, idempotency_key: 'shared-id-0003' };
      const fromA = (await a.post('/api/greetings', body)).json().id;
      const fromB = (await b.post('/api/greetings', body)).json().id;
      const fromA2 = (await a.post('/api/greetings', { ...body, idempotency_key: 'shared-id-0004' })).json().id;
      expect(new Set([fromA, fromB, fromA2]).size).toBe(3);
    });

    it.each(['short', 'has space in it', 'x'.repeat(65), 'кириллица-id'])('refuses the malformed key %j with 422', async (key) => {
      const a = await signUp(t.app);
      const postcard = await approvedPostcard();
      const res = await a.post('/api/greetings', { image_relations_id: postcard.id, energy: 5, idempotency_key: key });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(await yang(a)).toBe(20);
    });
  });

  it('is refunded when the sender deletes the greeting unclaimed', async () => {
    const a = await signUp(t.app);
    const g = await createGreeting(a, { energy: 7 });
    expect(await yang(a)).toBe(13);
    const res = await a.delete(`/api/greetings/${g.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, refunded_energy: 7 });
    expect(await yang(a)).toBe(20);
    expect(await yangLedgerSum(a.user.id)).toBe(20);
    const refund = await t.db.selectFrom('ledger').selectAll().where('user_id', '=', a.user.id).where('reason', '=', 'greeting_gift_refund').execute();
    expect(refund).toHaveLength(1);
    expect(refund[0]!.delta).toBe(7);
  });

  it('is not refunded when it was already claimed', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const g = await createGreeting(a, { energy: 7 });
    await b.post(`/api/greetings/${g.id}/accept`);
    expect((await a.delete(`/api/greetings/${g.id}`)).json()).toEqual({ success: true, refunded_energy: 0 });
    expect(await yang(a)).toBe(13);
    expect(await yang(b)).toBe(27);
  });

  it('of greetings made of a postcard goes back to the senders when the postcard owner deletes the postcard', async () => {
    const owner = await signUp(t.app);
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const channel = await makeChannel(t, owner.user.id);
    const postcard = await makePostcard(t, { userId: owner.user.id, collectionId: channel.id, approved: true });
    const claimed = await createGreeting(a, { image_relations_id: postcard.id, energy: 3 });
    await createGreeting(a, { image_relations_id: postcard.id, energy: 5 });
    await b.post(`/api/greetings/${claimed.id}/accept`);
    expect(await yang(a)).toBe(12);
    expect((await owner.delete(`/api/image_relations/${postcard.id}`)).statusCode).toBe(200);
    expect(await yang(a)).toBe(17);
    expect(await yangLedgerSum(a.user.id)).toBe(17);
    expect(await yang(b)).toBe(23);
    expect((await visitor().get(`/api/greetings/${claimed.id}`)).statusCode).toBe(404);
    expect((await a.get('/api/greetings/created')).json().items).toEqual([]);
  });

  it("of greetings made of a channel's postcards goes back to the senders when the channel is deleted", async () => {
    const owner = await signUp(t.app);
    const a = await signUp(t.app);
    const channel = await makeChannel(t, owner.user.id);
    const p1 = await makePostcard(t, { userId: owner.user.id, collectionId: channel.id, approved: true });
    const p2 = await makePostcard(t, { userId: owner.user.id, collectionId: channel.id, approved: true });
    await createGreeting(a, { image_relations_id: p1.id, energy: 4 });
    await createGreeting(a, { image_relations_id: p2.id, energy: 6 });
    const elsewhere = await createGreeting(a, { energy: 1 });
    expect(await yang(a)).toBe(9);
    expect((await owner.delete(`/api/collections/${channel.id}`)).statusCode).toBe(200);
    expect(await yang(a)).toBe(19);
    expect(await yangLedgerSum(a.user.id)).toBe(19);
    expect((await a.get('/api/greetings/created')).json().items.map((r: { id: string }) => r.id)).toEqual([elsewhere.id]);
  });
});

describe('reading a greeting', () => {
  it('works for visitors, with is_own telling the sender apart', async () => {
    const a = await signUp(t.app);
    const g = await createGreeting(a, { to_whom: 'Бабушке', energy: 2 });
    const asVisitor = await visitor().get(`/api/greetings/${g.id}`);
    expect(asVisitor.statusCode).toBe(200);
    expect(asVisitor.json()).toMatchObject({ id: g.id, to_whom: 'Бабушке', energy: 2, gift_claimed: false, is_own: false });
    expect((await (await signUp(t.app)).get(`/api/greetings/${g.id}`)).json().is_own).toBe(false);
    expect((await a.get(`/api/greetings/${g.id}`)).json().is_own).toBe(true);
  });

  it('gives the Telegram bot deep link when a bot is configured', async () => {
    const a = await signUp(t.app);
    const g = await createGreeting(a);
    expect(g.telegram_url).toBeNull();
    expect((await a.get('/api/greetings/created')).json().items[0].telegram_url).toBeNull();
    const withBot = await createTestApp({ BOT_USERNAME: 'otkrytka_bot' });
    try {
      const sender = await signUp(withBot.app);
      const owner = await signUp(withBot.app);
      const ch = await makeChannel(withBot, owner.user.id);
      const p = await makePostcard(withBot, { userId: owner.user.id, collectionId: ch.id, approved: true });
      const res = (await sender.post('/api/greetings', { image_relations_id: p.id })).json();
      // only [A-Za-z0-9_-] survives in a Telegram start parameter
      expect(res.telegram_url).toBe(`https://t.me/otkrytka_bot?start=card_${res.id}`);
      // the sender's list shares the same link
      const row = (await sender.get('/api/greetings/created')).json().items[0];
      expect(row).toMatchObject({ id: res.id, telegram_url: res.telegram_url });
    } finally {
      await withBot.close();
    }
  });

  it('on a server without a bot, sending into Telegram says so only to the sender: a stranger gets 403, a wrong id 404', async () => {
    const noBot = await createTestApp({ BOT_TOKEN: '' });
    try {
      const sender = await signUp(noBot.app);
      const stranger = await signUp(noBot.app);
      const owner = await signUp(noBot.app);
      const ch = await makeChannel(noBot, owner.user.id);
      const p = await makePostcard(noBot, { userId: owner.user.id, collectionId: ch.id, approved: true });
      const g = (await sender.post('/api/greetings', { image_relations_id: p.id })).json();
      expect((await stranger.post(`/api/greetings/${g.id}/telegram-message`)).statusCode).toBe(403);
      expect((await sender.post('/api/greetings/AAAAAAAAAAAAAAAAAAAAAA/telegram-message')).statusCode).toBe(404);
      const own = await sender.post(`/api/greetings/${g.id}/telegram-message`);
      expect(own.statusCode).toBe(503);
      expect(own.json()).toMatchObject({ code: 'NOT_CONFIGURED' });
    } finally {
      await noBot.close();
    }
  });

  it('hides the media of a postcard that was banned since', async () => {
    const a = await signUp(t.app);
    const g = await createGreeting(a);
    await t.db.updateTable('image_relations').set({ is_banned: 1 }).where('id', '=', g.image_relations_id).execute();
    const res = await visitor().get(`/api/greetings/${g.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().postcard).toBeNull();
    expect(res.json().channel).not.toBeNull();
    const row = (await a.get('/api/greetings/created')).json().items[0];
    expect(row).toMatchObject({ id: g.id, image_url: null, preview_36_url: null, preview_78x101_url: null });
  });

  it('answers 404 for an unknown id and 422 for a malformed one (numeric ids do not open greetings)', async () => {
    expect((await visitor().get('/api/greetings/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await visitor().get('/api/greetings/AAAAAAAAAAAAAAAAAAAAAA')).json()).toEqual({
      detail: 'Greeting not found',
      code: 'NOT_FOUND',
    });
    const a = await signUp(t.app);
    await createGreeting(a);
    for (const bad of ['1', '2', 'abc', 'x'.repeat(65), 'has%20space', 'semi%3Bcolon']) {
      expect((await visitor().get(`/api/greetings/${bad}`)).statusCode).toBe(422);
    }
  });

  it('gives public ids that are random, unique, base64url and not sequential', async () => {
    const a = await signUp(t.app);
    const postcard = await approvedPostcard();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await createGreeting(a, { image_relations_id: postcard.id })).id);
    expect(new Set(ids).size).toBe(12);
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Buffer.from(id, 'base64url')).toHaveLength(16);
      expect(`card=${id}`.length).toBeLessThanOrEqual(64);
    }
    // created in this order; random ids are (almost surely, p ≈ 1/12!) not sorted and share no prefix
    expect([...ids].sort()).not.toEqual(ids);
    expect(new Set(ids.map((id) => id.slice(0, 4))).size).toBeGreaterThan(6);
    // nothing in any answer exposes the numeric id of a greeting
    const created = (await a.get('/api/greetings/created')).json().items;
    for (const row of created) expect(typeof row.id).toBe('string');
  });
});

describe('editing a greeting', () => {
  it('trims and saves the three texts and the backgrounds, and moves updated_at', async () => {
    const a = await signUp(t.app);
    const g = await createGreeting(a);
    t.clock.advance(60_000);
    const res = await a.patch(`/api/greetings/${g.id}`, {
      to_whom: '  Папе ',
      greeting: ' С юбилеем! ',
      from_whom: ' Сын ',
      background_greeting_page: 'dark-orange-red',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      to_whom: 'Папе',
      greeting: 'С юбилеем!',
      from_whom: 'Сын',
      background_first_page: 'pink-purple-indigo',
      background_greeting_page: 'dark-orange-red',
    });
    expect(res.json().updated_at > res.json().created_at).toBe(true);
    expect((await visitor().get(`/api/greetings/${g.id}`)).json().to_whom).toBe('Папе');
  });

  it('changes only the fields given', async () => {
    const a = await signUp(t.app);
    const g = await createGreeting(a, { to_whom: 'Оле', from_whom: 'Маша' });
    const res = await a.patch(`/api/greetings/${g.id}`, { greeting: 'Ура!' });
    expect(res.json()).toMatchObject({ to_whom: 'Оле', greeting: 'Ура!', from_whom: 'Маша' });
  });

  it.each([
    [{ to_whom: '' }, 'to_whom'],
    [{ greeting: '   ' }, 'greeting'],
    [{ from_whom: '\n' }, 'from_whom'],
    [{ to_whom: 'я'.repeat(101) }, 'to_whom'],
    [{ greeting: 'я'.repeat(2001) }, 'greeting'],
    [{ background_first_page: 'neon' }, 'background_first_page'],
  ])('refuses %o with 422', async (body, field) => {
    const a = await signUp(t.app);
    const g = await createGreeting(a);
    const res = await a.patch(`/api/greetings/${g.id}`, body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field });
  });

  it('answers 404 for an unknown greeting', async () => {
    const res = await (await signUp(t.app)).patch('/api/greetings/BBBBBBBBBBBBBBBBBBBBBB', { to_whom: 'x' });
    expect(res.statusCode).toBe(404);
  });
});

describe('deleting a greeting', () => {
  it('removes it for everyone, and from the lists of those who accepted it', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const g = await createGreeting(a);
    await b.post(`/api/greetings/${g.id}/accept`);
    expect((await a.delete(`/api/greetings/${g.id}`)).statusCode).toBe(200);
    expect((await visitor().get(`/api/greetings/${g.id}`)).statusCode).toBe(404);
    expect((await a.get('/api/greetings/created')).json().items).toEqual([]);
    expect((await a.get('/api/greetings/received')).json().items).toEqual([]);
    expect((await b.get('/api/greetings/accepted')).json().items).toEqual([]);
    expect((await a.delete(`/api/greetings/${g.id}`)).statusCode).toBe(404);
  });
});

describe('accepting', () => {
  it('notifies the sender (greeting_received) and the acceptor (gift) with an action opening the greeting', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const g = await createGreeting(a, { energy: 5, to_whom: 'Вере', from_whom: 'Коля' });
    await b.post(`/api/greetings/${g.id}/accept`);
    const forA = await greetingNotifications(a.user.id);
    const forB = await greetingNotifications(b.user.id);
    expect(forA.map((n) => n.type)).toEqual(['greeting_received']);
    expect(forB.map((n) => n.type)).toEqual(['gift']);
    expect(forA[0]!.message).toBe(`${b.login} принял(а) ваше поздравление «Вере» и получил(а) ваш подарок — энергию: 5`);
    expect(forB[0]!.message).toBe('Поздравление от «Коля» теперь в ваших подарках. Вам начислена энергия: 5');
    expect(JSON.parse(forA[0]!.template!)).toEqual({ key: 'greeting_accepted', params: { name: b.login, to: 'Вере', gift: 5 } });
    expect(JSON.parse(forB[0]!.template!)).toEqual({ key: 'gift', params: { from: 'Коля', gift: 5 } });
    // the label is rendered in the reader's language when read (notifications:actions.open_greeting)
    for (const n of [forA[0]!, forB[0]!]) {
      expect(n.is_read).toBe(0);
      expect(JSON.parse(n.actions)).toEqual([
        {
          action_type: 'open_greeting',
          is_primary: true,
          action_params: { greeting_id: g.id, path: `/greeting/${g.id}?view=true` },
        },
      ]);
    }
  });

  it('without a gift still notifies both, without mentioning energy', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const g = await createGreeting(a, { to_whom: 'Вере', from_whom: 'Коля' });
    await b.post(`/api/greetings/${g.id}/accept`);
    expect((await greetingNotifications(a.user.id))[0]!.message).toBe(`${b.login} принял(а) ваше поздравление «Вере»`);
    expect((await greetingNotifications(b.user.id))[0]!.message).toBe('Поздравление от «Коля» теперь в ваших подарках');
  });

  it('reports the game actions: greeting_sent for the sender, greeting_accepted and greeting_gift_received for the acceptor', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const c = await signUp(t.app);
    const exp = async (u: User) => (await getBalances(t.db, u.user.id)).exp;
    const [a0, b0, c0] = [await exp(a), await exp(b), await exp(c)];
    const g = await createGreeting(a, { energy: 2 });
    expect((await exp(a)) - a0).toBe(expFor('greeting_sent', 1, 0));
    await b.post(`/api/greetings/${g.id}/accept`);
    // a gift is worth its experience once, whatever its energy (README game table)
    expect((await exp(b)) - b0).toBe(expFor('greeting_accepted', 1, 0) + expFor('greeting_gift_received', 1, 0));
    await c.post(`/api/greetings/${g.id}/accept`);
    expect((await exp(c)) - c0).toBe(expFor('greeting_accepted', 1, 0));
    // an answer that changed nothing rewards nothing
    const before = await exp(c);
    await c.post(`/api/greetings/${g.id}/accept`);
    expect(await exp(c)).toBe(before);
  });

  it('publishes the notifications to the live stream after commit', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const g = await createGreeting(a);
    const seen: unknown[] = [];
    const off = t.deps.live.subscribe(`notifications:${a.user.id}`, (m) => void seen.push(m));
    await b.post(`/api/greetings/${g.id}/accept`);
    off();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ kind: 'notification' });
  });

  it('a second acceptance notifies nobody', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const g = await createGreeting(a);
    await b.post(`/api/greetings/${g.id}/accept`);
    const count = async () => (await t.db.selectFrom('notifications').select('id').where('user_id', 'in', [a.user.id, b.user.id]).execute()).length;
    const before = await count();
    await b.post(`/api/greetings/${g.id}/accept`);
    expect(await count()).toBe(before);
    expect(await greetingNotifications(a.user.id)).toHaveLength(1);
  });

  it('tells the caller whether they accepted it', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const g = await createGreeting(a, { energy: 3 });
    expect((await b.get(`/api/greetings/${g.id}/accepted`)).json()).toEqual({
      is_accepted: false,
      accepted_at: null,
      energy_received: 0,
      is_own: false,
      gift_claimed: false,
    });
    t.clock.advance(1000);
    const t0 = t.clock.now().toISOString();
    await b.post(`/api/greetings/${g.id}/accept`);
    const status = (await b.get(`/api/greetings/${g.id}/accepted`)).json();
    expectBetween(status.accepted_at, t0, t.clock.now().toISOString());
    expect(status).toEqual({
      is_accepted: true,
      accepted_at: status.accepted_at,
      energy_received: 3,
      is_own: false,
      gift_claimed: true,
    });
    expect((await a.get(`/api/greetings/${g.id}/accepted`)).json()).toMatchObject({ is_accepted: false, is_own: true });
  });

  it('answers 404 for an unknown greeting', async () => {
    const b = await signUp(t.app);
    expect((await b.post('/api/greetings/CCCCCCCCCCCCCCCCCCCCCC/accept')).statusCode).toBe(404);
    expect((await b.get('/api/greetings/CCCCCCCCCCCCCCCCCCCCCC/accepted')).statusCode).toBe(404);
  });

  it('ignores the payload the spec sends (the server copies the greeting itself)', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const g = await createGreeting(a, { to_whom: 'Оле' });
    const res = await b.post(`/api/greetings/${g.id}/accept`, { greeting_id: 1, to_whom: 'Подделка', greeting: 'x', from_whom: 'y' });
    expect(res.statusCode).toBe(200);
    expect(res.json().accepted.to_whom).toBe('Оле');
  });
});

describe('lists', () => {
  it('created: my greetings only, newest first, paged by cursor', async () => {
    const a = await signUp(t.app);
    const other = await signUp(t.app);
    const postcard = await approvedPostcard();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1000);
      made.push((await createGreeting(a, { image_relations_id: postcard.id, to_whom: `Получатель ${i}` })).id);
    }
    await createGreeting(other, { image_relations_id: postcard.id });
    const p1 = (await a.get('/api/greetings/created?limit=2')).json();
    expect(p1.items.map((r: { id: string }) => r.id)).toEqual([made[4], made[3]]);
    expect(p1.next_cursor).toEqual(expect.any(String));
    const p2 = (await a.get(`/api/greetings/created?limit=2&cursor=${p1.next_cursor}`)).json();
    expect(p2.items.map((r: { id: string }) => r.id)).toEqual([made[2], made[1]]);
    const p3 = (await a.get(`/api/greetings/created?limit=2&cursor=${p2.next_cursor}`)).json();
    expect(p3.items.map((r: { id: string }) => r.id)).toEqual([made[0]]);
    expect(p3.next_cursor).toBeNull();
    expect(p1.items[0]).toMatchObject({
      to_whom: 'Получатель 4',
      energy: 0,
      gift_claimed: false,
      accepted_count: 0,
      image_relations_id: postcard.id,
      image_url: `/media/${postcard.storage_key}`,
      preview_36_url: expect.stringMatching(/preview\/36\//),
      preview_78x101_url: expect.stringMatching(/preview\/78x101\//),
    });
  });

  it('created: keeps order and pages correctly when greetings share a timestamp', async () => {
    const a = await signUp(t.app);
    const postcard = await approvedPostcard();
    const made: string[] = [];
    for (let i = 0; i < 4; i++) made.push((await createGreeting(a, { image_relations_id: postcard.id })).id);
    // one moment for all four: the order comes from the tie-break (newest made first)
    await t.db.updateTable('greetings').set({ created_at: '2026-11-20T10:00:00.000Z' }).where('user_id', '=', a.user.id).execute();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const q: string = cursor ? `&cursor=${cursor}` : '';
      const page = (await a.get(`/api/greetings/created?limit=1${q}`)).json();
      seen.push(...page.items.map((r: { id: string }) => r.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...made].reverse());
  });

  it('refuses a malformed cursor and an out-of-range limit', async () => {
    const a = await signUp(t.app);
    expect((await a.get('/api/greetings/created?cursor=nonsense')).statusCode).toBe(422);
    expect((await a.get('/api/greetings/accepted?limit=0')).statusCode).toBe(422);
    expect((await a.get('/api/greetings/received?limit=101')).statusCode).toBe(422);
  });

  it('received: my greetings someone accepted, newest acceptance first, and removable', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const c = await signUp(t.app);
    const g1 = await createGreeting(a, { to_whom: 'Первому', energy: 2 });
    const g2 = await createGreeting(a, { to_whom: 'Второму' });
    await createGreeting(a, { to_whom: 'Никто не принял' });
    t.clock.advance(1000);
    await b.post(`/api/greetings/${g2.id}/accept`);
    t.clock.advance(1000);
    const t0 = t.clock.now().toISOString();
    await c.post(`/api/greetings/${g1.id}/accept`);
    const list = (await a.get('/api/greetings/received')).json();
    expect(list.items.map((r: { to_whom: string }) => r.to_whom)).toEqual(['Первому', 'Второму']);
    expect(list.items[0]).toMatchObject({ greeting_id: g1.id, energy_received: 2 });
    expectBetween(list.items[0].received_at, t0, t.clock.now().toISOString());
    expect((await b.get('/api/greetings/received')).json().items).toEqual([]);
    expect((await a.get('/api/greetings/created')).json().items.find((r: { id: string }) => r.id === g1.id)).toMatchObject({
      accepted_count: 1,
      gift_claimed: true,
    });

    const removed = await a.delete(`/api/greetings/received/${list.items[0].id}`);
    expect(removed.statusCode).toBe(200);
    expect((await a.get('/api/greetings/received')).json().items.map((r: { to_whom: string }) => r.to_whom)).toEqual(['Второму']);
    // the acceptor keeps it, and the greeting itself stays
    expect((await c.get('/api/greetings/accepted')).json().items).toHaveLength(1);
    expect((await visitor().get(`/api/greetings/${g1.id}`)).statusCode).toBe(200);
    expect((await a.delete(`/api/greetings/received/${list.items[0].id}`)).statusCode).toBe(404);
  });

  it('accepted: mine, newest first, with the original greeting public id and a 36 px preview', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const g1 = await createGreeting(a, { to_whom: 'Б', from_whom: 'Аня' });
    const g2 = await createGreeting(a, { to_whom: 'Боре', from_whom: 'Мама' });
    t.clock.advance(1000);
    await b.post(`/api/greetings/${g1.id}/accept`);
    t.clock.advance(1000);
    const t0 = t.clock.now().toISOString();
    await b.post(`/api/greetings/${g2.id}/accept`);
    const items = (await b.get('/api/greetings/accepted')).json().items;
    expect(items.map((r: { greeting_id: string }) => r.greeting_id)).toEqual([g2.id, g1.id]);
    expectBetween(items[0].accepted_at, t0, t.clock.now().toISOString());
    expect(items[0]).toMatchObject({
      to_whom: 'Боре',
      from_whom: 'Мама',
      preview_36_url: expect.stringMatching(/^\/media\/.*preview\/36\/.*\.webp$/),
      preview_78x101_url: expect.stringMatching(/^\/media\/.*preview\/78x101\/.*\.webp$/),
    });
    expect((await a.get('/api/greetings/accepted')).json().items).toEqual([]);

    expect((await b.delete(`/api/greetings/accepted/${items[0].id}`)).statusCode).toBe(200);
    expect((await b.get('/api/greetings/accepted')).json().items.map((r: { greeting_id: string }) => r.greeting_id)).toEqual([g1.id]);
    expect((await b.delete(`/api/greetings/accepted/${items[0].id}`)).statusCode).toBe(404);
  });
});

describe('permissions of every greeting route (visitor, sender, other user)', () => {
  let sender: User;
  let other: User;
  let id: string;
  let acceptanceId: number;
  beforeAll(async () => {
    sender = await signUp(t.app);
    other = await signUp(t.app);
    id = (await createGreeting(sender, { energy: 1 })).id;
    acceptanceId = (await other.post(`/api/greetings/${id}/accept`)).json().accepted.id;
  });

  const expectAuthRequired = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'AUTH_REQUIRED' });
  };

  it('POST /api/greetings: visitor 401; any signed-in user may create', async () => {
    const postcard = await approvedPostcard();
    expectAuthRequired(await visitor().post('/api/greetings', { image_relations_id: postcard.id }));
    expect((await other.post('/api/greetings', { image_relations_id: postcard.id })).statusCode).toBe(201);
  });

  it('GET /api/greetings/{id}: open to everyone', async () => {
    for (const c of [visitor(), sender, other]) expect((await c.get(`/api/greetings/${id}`)).statusCode).toBe(200);
  });

  it('PATCH /api/greetings/{id}: visitor 401, other 403, sender 200', async () => {
    expectAuthRequired(await visitor().patch(`/api/greetings/${id}`, { to_whom: 'x' }));
    const denied = await other.patch(`/api/greetings/${id}`, { to_whom: 'x' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ detail: 'Only the sender can edit this greeting', code: 'FORBIDDEN' });
    expect((await sender.patch(`/api/greetings/${id}`, { to_whom: 'Тебе' })).statusCode).toBe(200);
  });

  it('lists: visitor 401; each user sees only their own', async () => {
    for (const list of ['created', 'received', 'accepted']) {
      expectAuthRequired(await visitor().get(`/api/greetings/${list}`));
    }
    expect((await other.get('/api/greetings/created')).json().items.map((r: { id: string }) => r.id)).not.toContain(id);
    expect((await sender.get('/api/greetings/created')).json().items.map((r: { id: string }) => r.id)).toContain(id);
    expect((await other.get('/api/greetings/received')).json().items).toEqual([]);
    expect((await sender.get('/api/greetings/received')).json().items).toHaveLength(1);
    expect((await sender.get('/api/greetings/accepted')).json().items).toEqual([]);
    expect((await other.get('/api/greetings/accepted')).json().items).toHaveLength(1);
  });

  it('GET /api/greetings/{id}/accepted: visitor 401, sender and others 200', async () => {
    expectAuthRequired(await visitor().get(`/api/greetings/${id}/accepted`));
    expect((await sender.get(`/api/greetings/${id}/accepted`)).statusCode).toBe(200);
    expect((await other.get(`/api/greetings/${id}/accepted`)).statusCode).toBe(200);
  });

  it('POST /api/greetings/{id}/accept: visitor 401, sender 403 (own greeting), others 200', async () => {
    expectAuthRequired(await visitor().post(`/api/greetings/${id}/accept`));
    const own = await sender.post(`/api/greetings/${id}/accept`);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ detail: 'You cannot accept your own greeting', code: 'FORBIDDEN' });
    expect((await sender.get('/api/greetings/accepted')).json().items).toEqual([]);
    expect((await other.post(`/api/greetings/${id}/accept`)).statusCode).toBe(200);
  });

  it('DELETE /api/greetings/received/{id}: visitor 401, the acceptor 403, the sender 200', async () => {
    expectAuthRequired(await visitor().delete(`/api/greetings/received/${acceptanceId}`));
    expect((await other.delete(`/api/greetings/received/${acceptanceId}`)).statusCode).toBe(403);
    expect((await sender.delete(`/api/greetings/received/${acceptanceId}`)).statusCode).toBe(200);
  });

  it('DELETE /api/greetings/accepted/{id}: visitor 401, the sender 403, the acceptor 200', async () => {
    expectAuthRequired(await visitor().delete(`/api/greetings/accepted/${acceptanceId}`));
    const denied = await sender.delete(`/api/greetings/accepted/${acceptanceId}`);
    expect(denied.statusCode).toBe(403);
    expect((await other.delete(`/api/greetings/accepted/${acceptanceId}`)).statusCode).toBe(200);
  });

  it('DELETE /api/greetings/{id}: visitor 401, other 403, sender 200', async () => {
    expectAuthRequired(await visitor().delete(`/api/greetings/${id}`));
    const denied = await other.delete(`/api/greetings/${id}`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ detail: 'Only the sender can delete this greeting', code: 'FORBIDDEN' });
    expect((await visitor().get(`/api/greetings/${id}`)).statusCode).toBe(200);
    expect((await sender.delete(`/api/greetings/${id}`)).statusCode).toBe(200);
  });
});
