import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_REASONS } from '@otkrytka/contract';
import { makeChannel, makePostcard } from './factories/collection';
import { createTestApp, signUp, signUpAs, type TestApp } from './helpers';

let t: TestApp;
let moderator: Awaited<ReturnType<typeof signUpAs>>;
let ownerId: number;
let channelId: number;

beforeAll(async () => {
  // reports are limited per client address, as a trusted proxy in front reports it
  t = await createTestApp({ TRUST_PROXY: '1' });
  moderator = await signUpAs(t, 22);
  ownerId = (await signUp(t.app)).user.id;
  channelId = (await makeChannel(t, ownerId)).id;
});
afterAll(() => t.close());

// every test reports from its own client IP so the per-IP limit of one test never touches another
let ipSeq = 0;
const fromNewIp = () => `10.1.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const report = (body: unknown, ip: string, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/complaints',
    payload: body as object,
    headers: { 'x-forwarded-for': ip, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
const newCard = (o: { banned?: boolean } = {}) =>
  makePostcard(t, { userId: ownerId, collectionId: channelId, approved: !o.banned, banned: o.banned });
const reportsOf = async (postcardId: number) => {
  const res = await moderator.get('/api/moderation/complaints?limit=100');
  return res.json().items.find((i: { postcard: { id: number } }) => i.postcard.id === postcardId);
};

describe('POST /api/complaints', () => {
  it('accepts a report from a visitor and from a signed-in user', async () => {
    const card = await newCard();
    const user = await signUp(t.app);
    const anon = await report({ image_relation_id: card.id, reason: 'dislike' }, fromNewIp());
    expect(anon.statusCode).toBe(201);
    expect(anon.json()).toEqual({ success: true, id: expect.any(Number) });
    const signed = await report({ image_relation_id: card.id, reason: 'violence' }, fromNewIp(), user.token);
    expect(signed.statusCode).toBe(201);
    expect((await reportsOf(card.id)).reports_count).toBe(2);
  });

  it("counts a signed-in user's same report once while it is open; another reason, or a visitor's, counts again", async () => {
    const card = await newCard();
    const user = await signUp(t.app);
    const ip = fromNewIp();
    const first = await report({ image_relation_id: card.id, reason: 'dislike' }, ip, user.token);
    const again = await report({ image_relation_id: card.id, reason: 'dislike' }, ip, user.token);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    await report({ image_relation_id: card.id, reason: 'violence' }, ip, user.token);
    expect((await reportsOf(card.id)).reports_count).toBe(2);
  });

  it('accepts each of the eight reasons', async () => {
    expect(REPORT_REASONS).toEqual(['dislike', 'violence', 'alcohol', 'adult', 'not_postcard', 'copyright', 'illegal', 'other']);
    const card = await newCard();
    const ip = fromNewIp();
    for (const reason of REPORT_REASONS) {
      const res = await report({ image_relation_id: card.id, reason }, ip);
      expect(res.statusCode, reason).toBe(201);
    }
    const grouped = await reportsOf(card.id);
    expect(grouped.reports_count).toBe(8);
    expect(grouped.reasons.map((r: { reason: string }) => r.reason).sort()).toEqual([...REPORT_REASONS].sort());
  });

  it.each([
    [{ image_relation_id: 1, reason: 'boring' }, 'reason'],
    [{ image_relation_id: 1 }, 'reason'],
    [{ reason: 'dislike' }, 'image_relation_id'],
    [{ image_relation_id: 'x', reason: 'dislike' }, 'image_relation_id'],
    [{ image_relation_id: 0, reason: 'dislike' }, 'image_relation_id'],
    [{ image_relation_id: 1, reason: 'other', comment: 'x'.repeat(1001) }, 'comment'],
  ])('refuses %o with 422 naming %s', async (body, field) => {
    const res = await report(body, fromNewIp());
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field });
  });

  it('answers 404 for a postcard that does not exist or is banned', async () => {
    const banned = await newCard({ banned: true });
    for (const id of [banned.id, 999999]) {
      const res = await report({ image_relation_id: id, reason: 'adult' }, fromNewIp());
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Postcard not found', code: 'NOT_FOUND' });
    }
  });

  it('keeps the comment only for the reason "other", trimmed, up to 1000 characters', async () => {
    const card = await newCard();
    const ip = fromNewIp();
    await report({ image_relation_id: card.id, reason: 'copyright', comment: 'dropped: not "other"' }, ip);
    await report({ image_relation_id: card.id, reason: 'other', comment: '  Это реклама, а не открытка  ' }, ip);
    await report({ image_relation_id: card.id, reason: 'other', comment: '   ' }, ip);
    await report({ image_relation_id: card.id, reason: 'other', comment: null }, ip);
    const long = 'я'.repeat(1000);
    expect((await report({ image_relation_id: card.id, reason: 'other', comment: long }, ip)).statusCode).toBe(201);
    const grouped = await reportsOf(card.id);
    expect(grouped.reports_count).toBe(5);
    expect(grouped.comments.map((c: { comment: string }) => c.comment).sort()).toEqual(
      [long, 'Это реклама, а не открытка'].sort(),
    );
  });

  it('limits reports to 10 a minute per client IP, then answers 429; another IP is not affected', async () => {
    const card = await newCard();
    const ip = fromNewIp();
    for (let i = 0; i < 10; i++) {
      expect((await report({ image_relation_id: card.id, reason: 'dislike' }, ip)).statusCode).toBe(201);
    }
    const limited = await report({ image_relation_id: card.id, reason: 'dislike' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect((await report({ image_relation_id: card.id, reason: 'dislike' }, fromNewIp())).statusCode).toBe(201);
    expect((await reportsOf(card.id)).reports_count).toBe(11);
  });
});
