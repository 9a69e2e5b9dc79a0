import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createAppBot } from '../src/modules/share/bot';
import { starsService } from '../src/modules/stars';
import { fakeUpdates, type FakeBotApi } from './fakes/bot-api';
import { client, onPostgres, signUp, signUpAs, type TestApp } from './helpers';
import { METRICS_TOKEN, payment, postUpdate, starsApp, telegramUser, until } from './support/stars';

/**
 * Energy packs through the Stars pipeline (docs/PRODUCT-RULES.md, Stars): the order and its
 * invoice, the pre-checkout answer, the payment credited once, expiry, reconciliation, polling,
 * two instances, and who may call what.
 */
let t: TestApp;
let fake: FakeBotApi;
let moderator: Awaited<ReturnType<typeof signUpAs>>;
beforeAll(async () => {
  ({ t, fake } = await starsApp());
  moderator = await signUpAs(t, 22);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

let charge = 0;
const newCharge = () => `stxCharge${Date.now().toString(36)}${(charge += 1)}`;
const yangLedger = (userId: number) => t.db.selectFrom('ledger').select(['delta', 'ref_id']).where('user_id', '=', userId).where('reason', '=', 'stars_pack').execute();

async function orderPack(buyer: Awaited<ReturnType<typeof telegramUser>>, pack = 'yang-50') {
  const res = await buyer.post(`/api/stars/packs/${pack}/order`);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { order_id: number; invoice_url: string };
}

describe('energy packs paid in Stars', () => {
  it('orders a pack with an XTR invoice, answers the pre-checkout, and credits the payment once however often and however concurrently it comes', async () => {
    const buyer = await telegramUser(t, 5001);
    const packs = (await buyer.get('/api/stars/packs')).json() as { packs: { id: string; yang: number; star_count: number }[] };
    expect(packs.packs.map((p) => p.id)).toEqual(['yang-50', 'yang-150', 'yang-500']);

    const { order_id, invoice_url } = await orderPack(buyer);
    expect(invoice_url).toMatch(/^https:\/\/t\.me\/\$/);
    expect(fake.callsOf('createInvoiceLink').at(-1)!.payload).toEqual({
      title: '50 ян',
      description: 'Пакет энергии для игры Открытки: +50 ян сразу после оплаты.',
      payload: `order:${order_id}`,
      provider_token: '',
      currency: 'XTR',
      prices: [{ label: 'Цена', amount: 25 }],
    });

    // the pre-checkout: a wrong price is refused in the buyer's language, the right one accepted
    await postUpdate(t.app, fakeUpdates.preCheckout({ fromId: 5001, orderPayload: `order:${order_id}`, totalAmount: 1, queryId: 'q-wrong' }));
    await postUpdate(t.app, fakeUpdates.preCheckout({ fromId: 5001, orderPayload: `order:${order_id}`, totalAmount: 25, queryId: 'q-right' }));
    expect(fake.callsOf('answerPreCheckoutQuery').slice(-2).map((c) => c.payload)).toEqual([
      { pre_checkout_query_id: 'q-wrong', ok: false, error_message: 'Этот заказ уже нельзя оплатить: он оплачен, отменён или истёк. Создайте новый в приложении.' },
      { pre_checkout_query_id: 'q-right', ok: true },
    ]);

    // the same payment: one update three times, then three updates at once
    const chargeId = newCharge();
    const paid = payment(fake, { fromId: 5001, orderId: order_id, amount: 25, chargeId });
    for (let i = 0; i < 3; i += 1) expect((await postUpdate(t.app, paid)).statusCode).toBe(200);
    await Promise.all([1, 2, 3].map((n) => postUpdate(t.app, { ...paid, update_id: paid.update_id + 100_000 * n })));
    await t.deps.jobs.runDue();
    expect(await yangLedger(buyer.user.id)).toEqual([{ delta: 50, ref_id: String(order_id) }]);
    const order = (await buyer.get(`/api/stars/orders/${order_id}`)).json() as { state: string; invoice_url: string | null };
    expect(order).toMatchObject({ state: 'delivered', invoice_url: null });

    // paid: a later pre-checkout of the same invoice is refused
    await postUpdate(t.app, fakeUpdates.preCheckout({ fromId: 5001, orderPayload: `order:${order_id}`, totalAmount: 25, queryId: 'q-again', languageCode: 'en' }));
    expect(fake.callsOf('answerPreCheckoutQuery').at(-1)!.payload).toMatchObject({ pre_checkout_query_id: 'q-again', ok: false });

    // every transition is recorded, and the moderator sees them
    const page = (await moderator.get(`/api/stars/admin/orders?user_id=${buyer.user.id}&state=delivered`)).json() as { total: number; items: { transitions: { from: string | null; to: string; reason: string | null }[]; telegram_payment_charge_id: string }[] };
    expect(page.total).toBe(1);
    expect(page.items[0]!.telegram_payment_charge_id).toBe(chargeId);
    expect(page.items[0]!.transitions.map((x) => [x.from, x.to, x.reason])).toEqual([
      [null, 'created', null],
      ['created', 'paid', 'payment'],
      ['paid', 'delivered', 'credited'],
    ]);
  });

  it('expires an unpaid order after an hour on the test clock; its pre-checkout is then refused', async () => {
    const buyer = await telegramUser(t, 5002, { lang: 'en' });
    const { order_id } = await orderPack(buyer, 'yang-150');
    t.clock.advance(3600_000 + 1000);
    await t.deps.jobs.runDue();
    expect(((await buyer.get(`/api/stars/orders/${order_id}`)).json() as { state: string }).state).toBe('expired');
    await postUpdate(t.app, fakeUpdates.preCheckout({ fromId: 5002, orderPayload: `order:${order_id}`, totalAmount: 65, queryId: 'q-expired', languageCode: 'en' }));
    expect(fake.callsOf('answerPreCheckoutQuery').at(-1)!.payload).toEqual({
      pre_checkout_query_id: 'q-expired',
      ok: false,
      error_message: 'This order can no longer be paid: it was paid, cancelled or has expired. Make a new one in the app.',
    });
  });

  it('reconciles with Telegram: a payment with no order and an order Telegram does not show are reported (log and metric)', async () => {
    const buyer = await telegramUser(t, 5003);
    const { order_id } = await orderPack(buyer);
    // a payment recorded here that Telegram's record lacks, and one Telegram took that no order knows
    await postUpdate(t.app, fakeUpdates.successfulPayment({ fromId: 5003, orderPayload: `order:${order_id}`, totalAmount: 25, chargeId: 'not-in-telegram' }));
    payment(fake, { fromId: 5003, orderId: 999_999, amount: 40, chargeId: 'ghost-charge' });
    const { problems } = await starsService(t.deps).reconcile();
    expect(problems.map((p) => [p.kind, p.charge_id])).toEqual([
      ['no_order', 'ghost-charge'],
      ['state', 'not-in-telegram'],
    ]);
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.body).toContain('stars_reconcile_problems 2');
    expect(metrics.body).toMatch(/stars_orders\{item="energy_pack",state="delivered"\} \d/);
    expect(metrics.body).toMatch(/stars_taken\{item="energy_pack"\} \d+/);
  });

  it('answers the pre-checkout within 10 s while 50 connections load the gallery', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const buyer = await telegramUser(t, 5004);
    const { order_id } = await orderPack(buyer);
    // 50 connections reading the gallery one request after another until the answer is in
    let busy = true;
    let served = 0;
    const load = Promise.all(
      Array.from({ length: 50 }, async () => {
        while (busy) {
          await (await fetch(`${base}/api/gallery?page=1`)).arrayBuffer();
          served += 1;
        }
      }),
    );
    await until(() => served >= 50);
    const started = Date.now();
    const res = await fetch(`${base}/api/telegram/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': 'stars-webhook-secret-0123456789' },
      body: JSON.stringify(fakeUpdates.preCheckout({ fromId: 5004, orderPayload: `order:${order_id}`, totalAmount: 25, queryId: 'q-busy' })),
    });
    await until(() => fake.callsOf('answerPreCheckoutQuery').some((c) => c.payload.pre_checkout_query_id === 'q-busy'), 10_000);
    const tookMs = Date.now() - started;
    const servedMeanwhile = served;
    console.info(`pre-checkout answered in ${tookMs} ms under load (${servedMeanwhile} gallery reads)`);
    busy = false;
    await load;
    expect(res.status).toBe(200);
    expect(servedMeanwhile).toBeGreaterThan(50);
    expect(tookMs).toBeLessThan(10_000);
    expect(fake.callsOf('answerPreCheckoutQuery').find((c) => c.payload.pre_checkout_query_id === 'q-busy')!.payload.ok).toBe(true);
  }, 20_000);

  it('by polling: the pre-checkout and the payment come through getUpdates', async () => {
    const buyer = await telegramUser(t, 5005);
    const { order_id } = await orderPack(buyer);
    const bot = createAppBot(t.deps);
    const before = fake.calls.length;
    void bot.start({ timeout: 1 });
    try {
      fake.queueUpdate(fakeUpdates.preCheckout({ fromId: 5005, orderPayload: `order:${order_id}`, totalAmount: 25, queryId: 'q-poll' }));
      fake.queueUpdate(payment(fake, { fromId: 5005, orderId: order_id, amount: 25, chargeId: newCharge() }));
      await until(async () => (await yangLedger(buyer.user.id)).length === 1);
      expect(fake.callsOf('answerPreCheckoutQuery').find((c) => c.payload.pre_checkout_query_id === 'q-poll')!.payload.ok).toBe(true);
      // the first poll asks for the updates the bot answers (Telegram keeps them for the next polls)
      expect(fake.calls.slice(before).find((c) => c.method === 'getUpdates')!.payload.allowed_updates).toEqual(['message', 'inline_query', 'pre_checkout_query']);
    } finally {
      await bot.stop();
    }
  });

  it.runIf(onPostgres)('two instances on one PostgreSQL: the payment posted to both is credited once', async () => {
    const second = await buildApp({ config: t.config, db: t.db, dialect: t.deps.dialect, clock: t.deps.clock, live: t.deps.live });
    try {
      await second.app.ready();
      const buyer = await telegramUser(t, 5006);
      const { order_id } = await orderPack(buyer);
      const paid = payment(fake, { fromId: 5006, orderId: order_id, amount: 25, chargeId: newCharge() });
      await Promise.all([postUpdate(t.app, paid), postUpdate(second.app, { ...paid, update_id: paid.update_id + 500_000 }), postUpdate(second.app, paid)]);
      await Promise.all([t.deps.jobs.runDue(), second.deps.jobs.runDue()]);
      expect(await yangLedger(buyer.user.id)).toHaveLength(1);
    } finally {
      await second.app.close();
    }
  });

  it("answers /paysupport and /terms in the user's language", async () => {
    await postUpdate(t.app, fakeUpdates.command(5009, '/paysupport', 'en'));
    await postUpdate(t.app, fakeUpdates.command(5009, '/terms', 'ru'));
    const texts = fake.callsOf('sendMessage').filter((c) => c.payload.chat_id === 5009).map((c) => String(c.payload.text));
    expect(texts[0]).toMatch(/^Support for payments in Telegram Stars\./);
    expect(texts[1]).toMatch(/^Условия покупок в Открытке\.[\s\S]*оплачиваются они только звёздами Telegram[\s\S]*https:\/\/o\.example\/terms$/);
  });

  it('lets only Telegram sign-ins buy, and only moderators see orders', async () => {
    const visitor = client(t.app);
    const webUser = await signUp(t.app);
    const tgUser = await telegramUser(t, 5007);
    const own = ['GET /api/stars/gifts', 'GET /api/stars/packs', 'POST /api/stars/packs/yang-50/order', 'GET /api/stars/orders/1'];
    for (const route of own) {
      const [method, url] = route.split(' ') as ['GET' | 'POST', string];
      expect((await visitor.raw(method, url)).statusCode, route).toBe(401);
      const res = await webUser.raw(method, url);
      expect([res.statusCode, res.json().code], route).toEqual([403, 'TELEGRAM_ONLY']);
    }
    expect((await tgUser.post('/api/stars/packs/no-such-pack/order')).statusCode).toBe(404);
    for (const who of [webUser, tgUser]) {
      expect((await who.get('/api/stars/admin/orders')).statusCode).toBe(403);
      expect((await who.post('/api/stars/admin/orders/1/refund', { reason: 'x' })).statusCode).toBe(403);
    }
    expect((await visitor.get('/api/stars/admin/orders')).statusCode).toBe(401);
    // someone else's order is no order
    const { order_id } = await orderPack(await telegramUser(t, 5008));
    expect((await tgUser.get(`/api/stars/orders/${order_id}`)).statusCode).toBe(404);
  });
});
