import type { Greeting } from '@otkrytka/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_FILE_BYTES, FAKE_GIFTS, type FakeBotApi } from './fakes/bot-api';
import { makeSendablePostcard } from './factories/greetings';
import { signUp, signUpAs, type TestApp } from './helpers';
import { payment, postUpdate, starsApp, telegramUser } from './support/stars';

/**
 * A real Telegram gift inside a greeting (docs/PRODUCT-RULES.md, Stars): held until paid, sent
 * once to the first Telegram acceptor, refunded when it cannot be sent, when nobody accepts it
 * within 30 days, when the greeting is deleted, or by a moderator.
 */
let t: TestApp;
let fake: FakeBotApi;
let moderator: Awaited<ReturnType<typeof signUpAs>>;
let postcardId: number;
beforeAll(async () => {
  ({ t, fake } = await starsApp());
  moderator = await signUpAs(t, 22);
  postcardId = (await makeSendablePostcard(t)).id;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const ROSE = FAKE_GIFTS[1]!;
let tg = 7000;
let chargeSeq = 0;
type Sender = Awaited<ReturnType<typeof telegramUser>>;

/** A greeting with the rose inside, by a new Telegram sender; `paid`: its payment has landed. */
async function giftGreeting(paid = true): Promise<{ sender: Sender; g: Greeting; orderId: number; chargeId: string }> {
  const sender = await telegramUser(t, (tg += 1));
  const res = await sender.post('/api/greetings', {
    image_relations_id: postcardId,
    to_whom: 'Маме',
    greeting: 'С днём рождения! Пусть этот цветок напомнит обо мне.',
    from_whom: 'Аня',
    telegram_gift_id: ROSE.id,
  });
  expect(res.statusCode, res.body).toBe(201);
  const g = res.json() as Greeting;
  const orderId = g.telegram_gift!.order_id!;
  const chargeId = `gift-charge-${(chargeSeq += 1)}-${Date.now().toString(36)}`;
  if (paid) expect((await postUpdate(t.app, payment(fake, { fromId: sender.telegramId, orderId, amount: ROSE.star_count, chargeId }))).statusCode).toBe(200);
  return { sender, g, orderId, chargeId };
}

const orderState = async (id: number) => (await t.db.selectFrom('stars_orders').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;
const callsFor = (method: string, key: string, value: unknown) => fake.callsOf(method).filter((c) => c.payload[key] === value);

describe('a Telegram gift inside a greeting', () => {
  it('lists the gifts on offer with previews, sold-out limited ones hidden, cheapest first', async () => {
    const buyer = await telegramUser(t, 6999);
    const res = (await buyer.get('/api/stars/gifts')).json() as { gifts: { id: string; star_count: number; preview_url: string; remaining_count: number | null }[]; text_limit: number };
    expect(res.gifts.map((g) => [g.id, g.star_count, g.remaining_count])).toEqual([
      [FAKE_GIFTS[0]!.id, 15, null],
      [ROSE.id, 25, null],
      [FAKE_GIFTS[2]!.id, 50, 12],
    ]);
    expect(res.text_limit).toBe(128);
    const preview = await t.app.inject({ method: 'GET', url: res.gifts[1]!.preview_url });
    expect([preview.statusCode, preview.headers['content-type'], preview.rawPayload.equals(FAKE_FILE_BYTES)]).toEqual([200, 'image/webp', true]);
    // a sold-out gift cannot be ordered
    const soldOut = await buyer.post('/api/greetings', { image_relations_id: postcardId, telegram_gift_id: FAKE_GIFTS[3]!.id });
    expect([soldOut.statusCode, soldOut.json().code]).toEqual([409, 'GIFT_UNAVAILABLE']);
    // outside Telegram, no gift at all
    const web = await signUp(t.app);
    const refused = await web.post('/api/greetings', { image_relations_id: postcardId, telegram_gift_id: ROSE.id });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'TELEGRAM_ONLY']);
  });

  it('holds the greeting until paid, then sends the gift once to the first of 20 Telegram users accepting at once', async () => {
    const { sender, g, orderId } = await giftGreeting(false);
    expect(g.status).toBe('awaiting_payment');
    expect(g.telegram_gift).toMatchObject({ gift_id: ROSE.id, star_count: 25, state: 'created' });
    expect(g.telegram_gift!.invoice_url).toMatch(/^https:\/\/t\.me\/\$/);
    expect(fake.callsOf('createInvoiceLink').at(-1)!.payload).toEqual({
      title: 'Подарок в поздравлении',
      description: 'Подарок Telegram в поздравлении «Маме». Он придёт получателю, когда тот примет поздравление в Telegram.',
      payload: `order:${orderId}`,
      provider_token: '',
      currency: 'XTR',
      prices: [{ label: 'Цена', amount: 25 }],
    });
    const acceptors = await Promise.all(Array.from({ length: 20 }, () => telegramUser(t, (tg += 1))));
    expect((await acceptors[0]!.get(`/api/greetings/${g.id}`)).statusCode).toBe(404);

    await postUpdate(t.app, payment(fake, { fromId: sender.telegramId, orderId, amount: 25, chargeId: `held-${Date.now()}` }));
    const mine = (await sender.get(`/api/greetings/${g.id}`)).json() as Greeting;
    expect(mine.status).not.toBe('awaiting_payment');
    expect(mine.telegram_gift).toMatchObject({ state: 'paid', invoice_url: null });

    const results = await Promise.all(acceptors.map((a) => a.post(`/api/greetings/${g.id}/accept`)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    await t.deps.jobs.runDue();
    await t.deps.jobs.settled();
    const sent = callsFor('sendGift', 'gift_id', ROSE.id).filter((c) => acceptors.some((a) => a.telegramId === c.payload.user_id));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.payload).toEqual({ user_id: sent[0]!.payload.user_id, gift_id: ROSE.id, text: 'С днём рождения! Пусть этот цветок напомнит обо мне.\n— Аня' });
    expect(await orderState(orderId)).toBe('delivered');
    expect(((await sender.get(`/api/greetings/${g.id}`)).json() as Greeting).telegram_gift!.state).toBe('delivered');
    // the sender's list says it too («вручён»)
    const listed = (await sender.get('/api/greetings/created')).json().items as { id: string; telegram_gift: unknown }[];
    expect(listed.find((x) => x.id === g.id)?.telegram_gift).toMatchObject({ state: 'delivered', star_count: expect.any(Number) });
  });

  it('asks a web recipient to open it in Telegram; the gift waits for a Telegram acceptor', async () => {
    const { g, orderId } = await giftGreeting();
    const web = await signUp(t.app);
    const seen = (await web.get(`/api/greetings/${g.id}`)).json() as Greeting;
    expect(seen.telegram_gift).toMatchObject({ state: 'paid', invoice_url: null, open_in_telegram: true });
    expect((await web.post(`/api/greetings/${g.id}/accept`)).statusCode).toBe(200);
    await t.deps.jobs.settled();
    expect(await orderState(orderId)).toBe('paid');
    const inTelegram = await telegramUser(t, (tg += 1));
    expect(((await inTelegram.get(`/api/greetings/${g.id}`)).json() as Greeting).telegram_gift!.open_in_telegram).toBe(false);
    await inTelegram.post(`/api/greetings/${g.id}/accept`);
    await t.deps.jobs.settled();
    expect(callsFor('sendGift', 'user_id', inTelegram.telegramId)).toHaveLength(1);
  });

  it('refunds the sender when Telegram refuses the gift for good, and tells both sides', async () => {
    const { sender, g, orderId, chargeId } = await giftGreeting();
    const acceptor = await telegramUser(t, (tg += 1));
    fake.failNext('sendGift', 'Bad Request: STARGIFT_USAGE_LIMITED');
    await acceptor.post(`/api/greetings/${g.id}/accept`);
    await t.deps.jobs.settled();
    expect(await orderState(orderId)).toBe('refunded');
    expect(callsFor('refundStarPayment', 'telegram_payment_charge_id', chargeId).map((c) => c.payload)).toEqual([{ user_id: sender.telegramId, telegram_payment_charge_id: chargeId }]);
    const told = (id: number) => fake.callsOf('sendMessage').filter((c) => c.payload.chat_id === id).map((c) => c.payload.text);
    expect(told(sender.telegramId)).toContainEqual(expect.stringContaining('Звёзды вернулись к вам'));
    expect(told(acceptor.telegramId)).toContainEqual(expect.stringContaining('Отправитель получил звёзды обратно'));
  });

  it('a refund raced against the delivery ends in exactly one of them', async () => {
    const { sender, g, orderId } = await giftGreeting();
    const acceptor = await telegramUser(t, (tg += 1));
    fake.delayNext('sendGift', 200);
    fake.delayNext('refundStarPayment', 200);
    await Promise.all([acceptor.post(`/api/greetings/${g.id}/accept`), sender.delete(`/api/greetings/${g.id}`)]);
    await t.deps.jobs.runDue();
    await t.deps.jobs.settled();
    const state = await orderState(orderId);
    const gifts = callsFor('sendGift', 'user_id', acceptor.telegramId).length;
    const refunds = callsFor('refundStarPayment', 'user_id', sender.telegramId).length;
    expect([state, gifts + refunds]).toEqual([gifts ? 'delivered' : 'refunded', 1]);
  });

  it('refunds a gift nobody accepted within 30 days (test clock) or whose greeting was deleted, once; a moderator refunds a paid one with a reason', async () => {
    const late = await giftGreeting();
    const deleted = await giftGreeting();
    const byModerator = await giftGreeting();
    // unpaid and deleted: it can no longer be paid, and nothing is refunded
    const unpaid = await giftGreeting(false);
    expect((await unpaid.sender.delete(`/api/greetings/${unpaid.g.id}`)).statusCode).toBe(200);
    expect(await orderState(unpaid.orderId)).toBe('expired');

    expect((await deleted.sender.delete(`/api/greetings/${deleted.g.id}`)).statusCode).toBe(200);
    await t.deps.jobs.settled();
    expect(await orderState(deleted.orderId)).toBe('refunded');

    const refunded = await moderator.post(`/api/stars/admin/orders/${byModerator.orderId}/refund`, { reason: 'Отправитель попросил вернуть' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ state: 'refunded', refund_reason: 'moderator: Отправитель попросил вернуть' });
    expect((await moderator.post(`/api/stars/admin/orders/${byModerator.orderId}/refund`, { reason: 'again' })).statusCode).toBe(409);

    t.clock.advance(30 * 24 * 3600_000 + 60_000);
    await t.deps.jobs.runDue();
    await t.deps.jobs.settled();
    await t.deps.jobs.runDue();
    await t.deps.jobs.settled();
    expect(await orderState(late.orderId)).toBe('refunded');
    for (const o of [late, deleted, byModerator]) expect(callsFor('refundStarPayment', 'telegram_payment_charge_id', o.chargeId)).toHaveLength(1);
    expect(((await late.sender.get(`/api/greetings/${late.g.id}`)).json() as Greeting).telegram_gift!.state).toBe('refunded');
  });
});
