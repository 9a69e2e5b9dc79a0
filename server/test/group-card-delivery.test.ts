import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Greeting, SignedGreeting } from '@otkrytka/contract';
import { contribute, deliver, groupCard, userWithYang, type User } from './factories/group-cards';
import { momentIn, viewGreeting, visitor } from './factories/greetings';
import { createTestApp, type TestApp } from './helpers';

/**
 * A group card's delivery and what everyone hears (docs/PRODUCT-RULES.md, group cards): at its
 * moment on the test clock it opens by the scheduled-open job; its contributors are told of the
 * opening and the acceptance (with their own gift), and the recipient's thank-you reply reaches
 * them all; removed, cancelled and expired gifts are announced to their authors.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;
/** What a user's notifications say, as the list renders them (newest first). */
async function told(u: User) {
  const res = await u.get('/api/notifications?limit=50');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().notifications as { type: string; title: string; message: string }[]).map((n) => `${n.type}: ${n.message}`);
}
async function runJobsAt(ms: number) {
  t.clock.advance(ms);
  await t.deps.jobs.runDue();
}

describe('a group card delivered at its moment', () => {
  it('opens for its recipient by the scheduled job; contributors hear of the opening, the acceptance and the reply (and its edit); the lists follow it', async () => {
    const organiser = await userWithYang(t, 50);
    const card = await groupCard(t, organiser, { energy: 10, opens_at: momentIn(t, 2 * DAY), opens_tz: 'Europe/Moscow' });
    const ann = await userWithYang(t, 50);
    const bob = await userWithYang(t, 50);
    await contribute(ann, card, 15, 'С юбилеем!');
    await contribute(bob, card, 0, 'Счастья!');
    const stranger = visitor(t);
    expect((await stranger.get(`/api/greetings/${card.id}`)).statusCode).toBe(404);
    const signedBefore = (await ann.get('/api/greetings/signed')).json().items as SignedGreeting[];
    expect(signedBefore).toMatchObject([{ greeting_id: card.id, status: 'collecting', energy: 15, gift_state: 'held', delivered_at: null }]);
    // from «Подписанные» back to the join page on any device, with the card's current invite
    const renewed = (await organiser.post(`/api/greetings/${card.id}/invite`, {})).json() as { invite: string };
    expect(signedBefore[0]!.join_path).not.toBe(`/greeting/${card.id}/join/${renewed.invite}`);
    const { join_path } = (await ann.get('/api/greetings/signed')).json().items[0] as SignedGreeting;
    expect(join_path).toBe(`/greeting/${card.id}/join/${renewed.invite}`);
    expect((await ann.get(`/api/greetings/${card.id}/join/${renewed.invite}`)).statusCode).toBe(200);
    const created = (await organiser.get('/api/greetings/created')).json().items;
    expect(created[0]).toMatchObject({ status: 'collecting', group: { signed_count: 2, signers: [expect.any(String), expect.any(String)] } });

    // a day later it is still held; at the moment the job delivers it
    await runJobsAt(DAY);
    expect((await stranger.get(`/api/greetings/${card.id}`)).statusCode).toBe(404);
    await runJobsAt(DAY + 60_000);
    const recipient = await userWithYang(t);
    const view = (await viewGreeting(recipient, card.id)) as Greeting;
    expect(view.group).toMatchObject({ gift_total: 25, givers: 2, notes: [{ message: 'С юбилеем!' }, { message: 'Счастья!' }] });
    expect(await told(organiser)).toContain('greeting_scheduled_open: Поздравление «Ане» открылось: теперь его можно посмотреть и принять');

    // opened: each contributor is told (once: a second viewer tells nobody)
    await viewGreeting(await userWithYang(t), card.id);
    for (const c of [ann, bob]) expect((await told(c)).filter((m) => m.startsWith('greeting_opened'))).toEqual(['greeting_opened: Открытку «Ане», которую вы подписали, открыли']);

    // accepted: the whole gift to the recipient; each contributor hears with their own gift
    expect((await recipient.post(`/api/greetings/${card.id}/accept`, {})).json()).toMatchObject({ energy_received: 25 });
    const name = (await recipient.get('/api/auth/me')).json().login as string;
    expect(await told(ann)).toContain(`greeting_received: ${name} принял(а) открытку «Ане», которую вы подписали, и получил(а) ваш подарок — энергию: 15`);
    expect(await told(bob)).toContain(`greeting_received: ${name} принял(а) открытку «Ане», которую вы подписали`);
    expect((await ann.get('/api/greetings/signed')).json().items[0]).toMatchObject({ status: 'accepted', gift_state: 'paid' });

    // the thank-you reply reaches the organiser and every contributor; its edit follows everywhere
    expect((await recipient.put(`/api/greetings/${card.id}/reply`, { text: 'Спасибо всем!' })).statusCode).toBe(200);
    expect((await recipient.put(`/api/greetings/${card.id}/reply`, { text: 'Спасибо вам всем!' })).statusCode).toBe(200);
    await t.deps.jobs.runDue();
    for (const u of [organiser, ann, bob]) {
      expect((await told(u)).filter((m) => m.startsWith('greeting_reply'))).toEqual([`greeting_reply: ${name} пишет в ответ на ваше поздравление «Ане»: Спасибо вам всем!`]);
    }
  });

  it('a removed note, a cancelled card and an expired one tell each author their gift is back', async () => {
    const organiser = await userWithYang(t, 50);
    const first = await groupCard(t, organiser);
    const second = await groupCard(t, organiser);
    const ann = await userWithYang(t, 50);
    const bob = await userWithYang(t, 50);
    const annsNote = await contribute(ann, first, 5);
    await contribute(bob, first, 6);
    await contribute(ann, second, 7);
    await contribute(bob, second, 0);
    expect((await organiser.delete(`/api/greetings/${first.id}/contributions/${annsNote.id}`)).statusCode).toBe(200);
    expect(await told(ann)).toContain('gift: Организатор убрал вашу подпись с открытки «Ане». Ваш подарок вернулся — энергия: 5');
    expect((await organiser.delete(`/api/greetings/${first.id}`)).statusCode).toBe(200);
    expect(await told(bob)).toContain('gift: Организатор отменил открытку «Ане». Ваш подарок вернулся — энергия: 6');
    await deliver(organiser, second.id);
    await runJobsAt(30 * DAY + 60_000);
    expect(await told(ann)).toContain('gift: Открытку «Ане» не приняли за 30 дней. Ваш подарок вернулся — энергия: 7');
    // no gift, nothing to give back: bob hears nothing of the expiry
    expect((await told(bob)).filter((m) => m.includes('30'))).toEqual([]);
    expect((await ann.get('/api/greetings/signed')).json().items[0]).toMatchObject({ greeting_id: second.id, status: 'sent', gift_state: 'refunded' });
  });
});
