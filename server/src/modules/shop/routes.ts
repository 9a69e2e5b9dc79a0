import type { FastifyInstance } from 'fastify';
import { starsRoutes } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import { registerRoutes } from '../../http/routes';
import { writeTx } from '../../jobs/runner';
import { iso } from '../../platform/clock';
import { applyLedger } from '../ledger';
import { registerGauge } from '../ops';
import { settingsRepo } from '../settings';
import { STARS_TEXTS, starsLang, starsRepo, starsService, telegramBuyer } from '../stars';
import { ENERGY_PACKS, packById } from './packs';

const { 'GET /api/stars/packs': packsRoute, 'POST /api/stars/packs/{id}/order': orderRoute } = starsRoutes;

/**
 * The shop (docs/PRODUCT-RULES.md, Stars): energy packs sold for Stars through the Stars pipeline
 * and credited through the ledger exactly once per payment (a subscriber of `stars.order.paid`,
 * which the runner applies once), and the Stars figures in /metrics. It stands above both the
 * `stars` module and the `ledger`, so that `stars` imports no module.
 */
export function shopModule(app: FastifyInstance, deps: Deps) {
  const stars = starsService(deps);
  registerRoutes(
    app,
    { 'GET /api/stars/packs': packsRoute, 'POST /api/stars/packs/{id}/order': orderRoute },
    {
      'GET /api/stars/packs': async ({ user }) => {
        await telegramBuyer(deps, user);
        return { packs: [...ENERGY_PACKS] };
      },
      'POST /api/stars/packs/{id}/order': async ({ user, params }) => {
        const telegramId = await telegramBuyer(deps, user);
        const pack = packById(params.id);
        if (!pack) throw notFound('No such energy pack');
        const lang = starsLang(await settingsRepo.language(deps.db, user.id));
        const t = STARS_TEXTS[lang];
        const at = iso(deps.clock.now());
        const order = await writeTx(deps, (trx) =>
          stars.orders.create(
            trx,
            { userId: user.id, buyerTelegramId: telegramId, lang, item: 'energy_pack', itemId: pack.id, starCount: pack.star_count, title: t.packTitle(pack.yang), description: t.packDescription(pack.yang) },
            at,
          ),
        );
        return { order_id: order.id, invoice_url: await stars.orders.invoice(order.id) };
      },
    },
  );

  // a paid pack: its yang, once (the runner marks this subscriber done with the credit), and the order delivered
  deps.jobs.on('stars.order.paid', 'shop.credit-pack', async (trx, e, job) => {
    if (e.item !== 'energy_pack') return;
    const pack = packById(e.itemId);
    if (!pack) throw new Error(`energy pack ${e.itemId} of order ${e.orderId} is not in packs.json`);
    await applyLedger(trx, [{ userId: e.userId, asset: 'yang', delta: pack.yang, reason: 'stars_pack', refType: 'stars_order', refId: e.orderId }], job.at);
    await stars.orders.markDelivered(trx, e.orderId, job.at, 'credited');
  });

  registerGauge(app, {
    name: 'stars_orders',
    help: 'Stars orders by item and state',
    labelNames: ['item', 'state'] as const,
    read: async () => (await starsRepo.countsByState(deps.db)).map((r) => ({ labels: { item: r.item, state: r.state }, value: Number(r.n) })),
  });
  registerGauge(app, {
    name: 'stars_taken',
    help: 'Stars taken by item: orders paid or delivered (refunded ones are not counted)',
    labelNames: ['item'] as const,
    read: async () => {
      const by = new Map<string, number>();
      for (const r of await starsRepo.countsByState(deps.db)) if (r.state === 'paid' || r.state === 'delivered') by.set(r.item, (by.get(r.item) ?? 0) + Number(r.stars ?? 0));
      return [...by].map(([item, value]) => ({ labels: { item }, value }));
    },
  });
  registerGauge(app, {
    name: 'stars_refunds',
    help: 'Stars orders refunded, and their Stars, by item',
    labelNames: ['item', 'measure'] as const,
    read: async () =>
      (await starsRepo.countsByState(deps.db))
        .filter((r) => r.state === 'refunded')
        .flatMap((r) => [
          { labels: { item: r.item, measure: 'orders' }, value: Number(r.n) },
          { labels: { item: r.item, measure: 'stars' }, value: Number(r.stars ?? 0) },
        ]),
  });
  registerGauge(app, {
    name: 'stars_reconcile_problems',
    help: "Differences the last reconciliation found between the orders and Telegram's Star transactions",
    labelNames: [] as const,
    read: async () => {
      const last = await starsRepo.lastReconciliation(deps.db);
      return last ? [{ labels: {}, value: last.problem_count }] : [];
    },
  });
}
