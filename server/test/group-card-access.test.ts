import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineSource } from '../src/modules/share/bot';
import { contribute, deliver, groupCard, userWithYang } from './factories/group-cards';
import { BROWSER_UA, SECRET_TEXT } from './factories/greetings';
import { makeStoredPostcard } from './factories/share';
import { makeChannel } from './factories/collection';
import { type FakeBotApi, startFakeBotApi } from './fakes/bot-api';
import { client, createTestApp, type Res, signUp, signUpAs, type TestApp } from './helpers';

/**
 * Who may do what with a group card (docs/PRODUCT-RULES.md, group cards), through every new route,
 * for a visitor, an outsider without the invite, a contributor, the organiser, the recipient and a
 * moderator; and the held card sealed from everyone else through every route, preview and the bot.
 */
const PUBLIC_URL = 'https://otkrytka.example';
let t: TestApp;
let dist: string;
let fake: FakeBotApi;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'otkrytka-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="ru"><head><title>Открытка</title></head><body></body></html>');
  fake = await startFakeBotApi();
  t = await createTestApp({ WEB_DIST_DIR: dist, PUBLIC_URL, BOT_API_ROOT: fake.url });
});
afterAll(async () => {
  await t.close();
  await fake.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

type Who = 'visitor' | 'outsider' | 'contributor' | 'organiser' | 'recipient' | 'moderator';
const WHO: Who[] = ['visitor', 'outsider', 'contributor', 'organiser', 'recipient', 'moderator'];
const WRONG_INVITE = 'AAAAAAAAAAAAAAAAAAAAAA';
let moderator: Awaited<ReturnType<typeof signUpAs>> | undefined;

async function cast() {
  const owner = await signUp(t.app);
  const channel = await makeChannel(t, owner.user.id);
  const postcard = await makeStoredPostcard(t, owner.user.id, channel.id);
  const organiser = await userWithYang(t, 100);
  const card = await groupCard(t, organiser, { image_relations_id: postcard.id, greeting: SECRET_TEXT, energy: 5 });
  const contributor = await userWithYang(t, 100);
  const other = await userWithYang(t, 100);
  const third = await userWithYang(t, 100);
  const mine = await contribute(contributor, card, 7, 'Моя подпись');
  const others = await contribute(other, card, 9, 'Чужая подпись');
  const removable = await contribute(third, card, 3, 'Ещё подпись');
  const people = {
    visitor: client(t.app),
    outsider: await signUp(t.app),
    contributor,
    organiser,
    recipient: await signUp(t.app),
    moderator: (moderator ??= await signUpAs(t, 22)),
  };
  return { card, people, mine, others, removable, third };
}

describe('authorization of every group card route', () => {
  it('answers each of six callers as the rules say, before and after delivery; the refusals are counted', async () => {
    const { card, people, others, removable } = await cast();
    const base = `/api/greetings/${card.id}`;
    let invite = card.invite;
    const inviteOf = (w: Who) => (['outsider', 'recipient', 'moderator'].includes(w) ? WRONG_INVITE : invite);
    const report = await t.db.insertInto('contribution_reports').values({ contribution_id: others.id, user_id: null, reason: 'dislike', comment: null, created_at: new Date().toISOString(), resolved_at: null }).returning('id').executeTakeFirstOrThrow();
    expect(report.id).toBeGreaterThan(0);

    /** Each route: what each caller gets (status), in this order. */
    const held: [string, (w: Who) => Promise<Res>, Record<Who, number>][] = [
      ['new invite', (w) => people[w].post(`${base}/invite`, {}), { visitor: 401, outsider: 404, contributor: 404, organiser: 200, recipient: 404, moderator: 404 }],
      ['join page', (w) => people[w].get(`${base}/join/${inviteOf(w)}`), { visitor: 200, outsider: 404, contributor: 200, organiser: 200, recipient: 404, moderator: 404 }],
      ['contributions', (w) => people[w].get(`${base}/contributions`), { visitor: 401, outsider: 404, contributor: 200, organiser: 200, recipient: 404, moderator: 404 }],
      [
        'sign',
        (w) => people[w].post(`${base}/contributions`, { invite: inviteOf(w), message: 'Привет', energy: 0 }),
        { visitor: 401, outsider: 404, contributor: 409, organiser: 403, recipient: 404, moderator: 404 },
      ],
      ['edit another’s', (w) => people[w].patch(`${base}/contributions/${others.id}`, { message: 'Чужое' }), { visitor: 401, outsider: 404, contributor: 403, organiser: 403, recipient: 404, moderator: 404 }],
      ['withdraw another’s', (w) => people[w].delete(`${base}/contributions/${others.id}`), { visitor: 401, outsider: 404, contributor: 403, organiser: 0, recipient: 404, moderator: 404 }],
      [
        'report',
        (w) => people[w].post(`${base}/contributions/${others.id}/report`, { reason: 'dislike', ...(w === 'visitor' ? { invite: WRONG_INVITE } : {}) }),
        { visitor: 404, outsider: 404, contributor: 201, organiser: 201, recipient: 404, moderator: 404 },
      ],
      ['signed list', (w) => people[w].get('/api/greetings/signed'), { visitor: 401, outsider: 200, contributor: 200, organiser: 200, recipient: 200, moderator: 200 }],
      ['reported notes', (w) => people[w].get('/api/moderation/contributions'), { visitor: 401, outsider: 403, contributor: 403, organiser: 403, recipient: 403, moderator: 200 }],
      ['keep a note', (w) => people[w].post(`/api/moderation/contributions/${others.id}/dismiss`, {}), { visitor: 401, outsider: 403, contributor: 403, organiser: 403, recipient: 403, moderator: 200 }],
      ['deliver', (w) => people[w].post(`${base}/deliver`, {}), { visitor: 401, outsider: 404, contributor: 404, organiser: 0, recipient: 404, moderator: 404 }],
    ];
    let refusals = 0;
    let expected = 0;
    for (const [name, call, want] of held) {
      for (const w of WHO) {
        if (want[w] === 0) continue; // done below, once the refusals are in
        const res = await call(w);
        expect(res.statusCode, `${name} as ${w}: ${res.body}`).toBe(want[w]);
        if (name === 'new invite' && res.statusCode === 200) invite = res.json().invite;
        if (want[w] >= 400) expect(res.body, `${name} as ${w}`).not.toContain(SECRET_TEXT);
        if (res.statusCode >= 400) refusals += 1;
        if (want[w] >= 400) expected += 1;
      }
    }
    // the outsider, the recipient and the moderator learn nothing of the held card: not even the organiser's words
    for (const w of ['outsider', 'recipient', 'moderator'] as const) {
      expect((await people[w].get(base)).statusCode).toBe(404);
    }
    // the organiser removes a note (refunded), then delivers
    expect((await people.organiser.delete(`${base}/contributions/${removable.id}`)).json()).toMatchObject({ refunded_energy: 3 });
    await deliver(people.organiser, card.id);
    expect((await people.recipient.post(`${base}/accept`, {})).statusCode).toBe(200);

    const after: [string, (w: Who) => Promise<Res>, Partial<Record<Who, number>>][] = [
      ['new invite', (w) => people[w].post(`${base}/invite`, {}), { outsider: 403, contributor: 403, recipient: 403, moderator: 403 }],
      ['contributions', (w) => people[w].get(`${base}/contributions`), { outsider: 403, contributor: 200, organiser: 200, recipient: 403, moderator: 403 }],
      ['sign', (w) => people[w].post(`${base}/contributions`, { invite, message: 'Поздно' }), { outsider: 409, recipient: 409 }],
      ['edit', (w) => people[w].patch(`${base}/contributions/${others.id}`, { message: 'Поздно' }), { contributor: 403, organiser: 403 }],
      ['withdraw', (w) => people[w].delete(`${base}/contributions/${others.id}`), { organiser: 409, recipient: 403 }],
      ['report', (w) => people[w].post(`${base}/contributions/${others.id}/report`, { reason: 'other', comment: 'Грубо' }), { visitor: 201, recipient: 201 }],
      ['deliver again', (w) => people[w].post(`${base}/deliver`, {}), { organiser: 409, recipient: 403 }],
    ];
    for (const [name, call, want] of after) {
      for (const w of WHO) {
        if (want[w] === undefined) continue;
        const res = await call(w);
        expect(res.statusCode, `${name} after delivery as ${w}: ${res.body}`).toBe(want[w]);
        if (res.statusCode >= 400) refusals += 1;
        if (want[w]! >= 400) expected += 1;
      }
    }
    const contributorsView = (await people.contributor.get(`${base}/contributions`)).json();
    // a contributor sees every message but only their own gift
    expect(contributorsView.items.map((c: { energy: number | null; is_own: boolean }) => [c.is_own, c.energy])).toEqual([
      [true, 7],
      [false, null],
    ]);
    expect(contributorsView.gift_total).toBeNull();
    // the moderator removes a reported note after delivery: its gift was paid already, so nothing comes back
    const removed = await people.moderator.delete(`/api/moderation/contributions/${others.id}`);
    expect(removed.json()).toMatchObject({ refunded_energy: 0, reports_resolved: 2 });
    expect(refusals).toBe(expected);
    expect(refusals).toBe(64);
  });
});

describe('a full card', () => {
  it('takes at most 100 signatures (409 GROUP_FULL), and a signer with too little yang is refused with nothing taken', async () => {
    const organiser = await userWithYang(t);
    const card = await groupCard(t, organiser);
    const at = new Date().toISOString();
    // 99 signatures written straight into the tables (people who never sign in), then the API's 100th and 101st
    const ids = await t.db
      .insertInto('users')
      .values(Array.from({ length: 99 }, (_, i) => ({ email: null, login: `full${i}x${card.id.slice(0, 6)}`, username: null, first_name: null, last_name: null, password_hash: null, telegram_id: null, auth_type: 'local' as const, created_at: at })))
      .returning('id')
      .execute();
    const greetingId = (await t.db.selectFrom('greetings').select('id').where('public_id', '=', card.id).executeTakeFirstOrThrow()).id;
    await t.db
      .insertInto('greeting_contributions')
      .values(ids.map((u) => ({ greeting_id: greetingId, user_id: u.id, from_whom: 'Коллега', message: 'Ура', energy: 0, gift_settled_to: null, gift_refunded: 0, created_at: at, updated_at: at })))
      .execute();
    const poor = await userWithYang(t);
    const short = await poor.post(`/api/greetings/${card.id}/contributions`, { invite: card.invite, message: 'Ура', energy: 1000 });
    expect(short.statusCode, short.body).toBe(409);
    expect(short.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    await contribute(poor, card, 0);
    const late = await userWithYang(t);
    const full = await late.post(`/api/greetings/${card.id}/contributions`, { invite: card.invite, message: 'Ура' });
    expect(full.statusCode, full.body).toBe(409);
    expect(full.json()).toMatchObject({ code: 'GROUP_FULL' });
    expect((await late.get(`/api/greetings/${card.id}/join/${card.invite}`)).json()).toMatchObject({ signed_count: 100, can_contribute: false });
  });
});

describe('a held card is sealed', () => {
  it('from everyone but its organiser: get, accept, picture, previews and the bot’s inline mode; the join link’s preview names it only for the right invite', async () => {
    const { card, people } = await cast();
    const base = `/api/greetings/${card.id}`;
    for (const w of ['visitor', 'outsider', 'contributor', 'recipient'] as const) {
      const res = await people[w].get(base);
      expect(res.statusCode, w).toBe(404);
      expect(res.body).not.toContain(SECRET_TEXT);
      if (w !== 'visitor') expect((await people[w].post(`${base}/accept`, {})).statusCode, w).toBe(404);
      expect((await people[w].get(`${base}/picture`)).statusCode, `picture as ${w}`).toBe(404);
    }
    expect((await people.organiser.get(base)).json()).toMatchObject({ status: 'collecting', group: { signed_count: 3 } });
    const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'user-agent': 'TelegramBot (like TwitterBot)' } });
    const bytes = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER_UA } })).rawPayload;
    const neutral = await bytes('/og/site/-/wide.jpg?lang=ru');
    // the greeting's own preview: neutral
    const greetingPage = await page(`/greeting/${card.id}`);
    expect(greetingPage.body).not.toContain('Ане');
    expect((await bytes(`/og/greeting/${card.id}/wide.jpg?lang=ru`)).equals(neutral)).toBe(true);
    // the join link: its own preview for the right invite, the neutral one for a wrong or replaced one
    const join = await page(`/greeting/${card.id}/join/${card.invite}`);
    expect(join.body).toContain('Подпишите открытку для Ане');
    const image = /<meta property="og:image" content="([^"]+)"/.exec(join.body)![1]!.replace(/&amp;/g, '&').slice(PUBLIC_URL.length);
    expect(image.startsWith(`/og/join/${card.id}~${card.invite}/`)).toBe(true);
    expect((await bytes(image)).equals(neutral)).toBe(false);
    const replaced = (await people.organiser.post(`${base}/invite`, {})).json();
    for (const invite of [WRONG_INVITE, card.invite]) {
      const wrong = await page(`/greeting/${card.id}/join/${invite}`);
      expect(wrong.body).not.toContain('Ане');
      expect((await bytes(`/og/join/${card.id}~${invite}/wide.jpg?lang=ru`)).equals(neutral)).toBe(true);
      expect((await people.contributor.get(`${base}/join/${invite}`)).json()).toMatchObject({ code: 'INVITE_INVALID' });
    }
    expect((await page(`/greeting/${card.id}/join/${replaced.invite}`)).body).toContain('Подпишите открытку для Ане');
    // the bot's inline mode offers the organiser's greetings to send: not the held card
    const tg = 910_000 + people.organiser.user.id;
    await t.db.updateTable('users').set({ telegram_id: String(tg) }).where('id', '=', people.organiser.user.id).execute();
    // the invite as a prepared Telegram message (organiser only): the join link's own picture and words
    for (const w of ['contributor', 'outsider'] as const) expect((await people[w].post(`${base}/invite/telegram-message`, {})).statusCode, w).toBe(404);
    const prepared = await people.organiser.post(`${base}/invite/telegram-message`, {});
    expect(prepared.statusCode, prepared.body).toBe(200);
    const joinLink = `${PUBLIC_URL}/greeting/${card.id}/join/${replaced.invite}`;
    expect(prepared.json()).toMatchObject({ link: joinLink });
    expect(fake.callsOf('savePreparedInlineMessage').at(-1)!.payload).toMatchObject({
      user_id: tg,
      result: {
        type: 'photo',
        photo_url: `${PUBLIC_URL}/og/join/${card.id}~${replaced.invite}/wide.jpg?lang=ru`,
        caption: 'Подпишите открытку для Ане',
        reply_markup: { inline_keyboard: [[{ text: '✍️ Подписать открытку', url: joinLink }]] },
      },
    });
    const inline = await inlineSource(t.deps)({ query: '', offset: '', telegramId: tg, lang: 'ru' });
    expect(JSON.stringify(inline)).not.toContain(card.id);
    // once delivered it is a greeting like any other
    await deliver(people.organiser, card.id);
    expect((await people.visitor.get(base)).json()).toMatchObject({ sealed: false, greeting: SECRET_TEXT, group: { invite: null, signed_count: 3, gift_total: 24, givers: 4 } });
    expect((await page(`/greeting/${card.id}`)).body).toContain('Ане');
    expect(JSON.stringify(await inlineSource(t.deps)({ query: '', offset: '', telegramId: tg, lang: 'ru' }))).toContain(card.id);
  });
});
