import type { StarTransaction } from 'grammy/types';
import type { Deps } from '../../deps';
import { botApi } from '../../platform/bot';
import { iso } from '../../platform/clock';
import { orderIdOfPayload } from './orders';
import { starsRepo as repo } from './repo';

/** Telegram answers at most 100 transactions a call; the walk stops after this many calls. */
const PAGE = 100;
const MAX_PAGES = 200;

export interface ReconcileProblem {
  /** `no_order`: Telegram took a payment no order of ours knows; `state`: an order's state disagrees with Telegram's record */
  kind: 'no_order' | 'state';
  charge_id: string | null;
  order_id: number | null;
  detail: string;
}

/**
 * The nightly reconciliation (docs/PRODUCT-RULES.md, Stars): every Star transaction of the bot
 * (getStarTransactions, oldest first) against the orders. Reported: a payment with no order, an
 * order paid here that Telegram never took (or took another sum for), a refund Telegram made that
 * the order does not show, an order refunded here that Telegram did not refund. Each finding is
 * logged; the run is kept (`stars_reconciliations`), and /metrics shows its count.
 */
export async function reconcileStars(deps: Deps): Promise<{ transactions: number; problems: ReconcileProblem[] }> {
  const api = botApi(deps.config);
  const txs: StarTransaction[] = [];
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const { transactions } = await api.getStarTransactions({ offset: page * PAGE, limit: PAGE });
    txs.push(...transactions);
    if (transactions.length < PAGE) break;
  }
  const payments = new Map<string, StarTransaction>();
  const refunds = new Set<string>();
  for (const t of txs) {
    if (t.source?.type === 'user' && t.source.transaction_type === 'invoice_payment') payments.set(t.id, t);
    // a refund carries the id of the payment it returns
    else if (t.receiver?.type === 'user' && t.receiver.transaction_type === 'invoice_payment') refunds.add(t.id);
  }
  const orders = await repo.charged(deps.db);
  const byCharge = new Map(orders.map((o) => [o.telegram_payment_charge_id!, o]));
  const newest = txs.reduce((m, t) => Math.max(m, t.date), 0);
  const problems: ReconcileProblem[] = [];
  for (const [id, t] of payments) {
    const o = byCharge.get(id);
    const payload = t.source?.type === 'user' ? t.source.invoice_payload : undefined;
    if (!o) {
      problems.push({ kind: 'no_order', charge_id: id, order_id: payload ? orderIdOfPayload(payload) : null, detail: `a payment of ${t.amount} Stars with no paid order` });
      continue;
    }
    if (t.amount !== o.star_count) problems.push({ kind: 'state', charge_id: id, order_id: o.id, detail: `paid ${t.amount} Stars, the order costs ${o.star_count}` });
    if (refunds.has(id) && o.state !== 'refunded') problems.push({ kind: 'state', charge_id: id, order_id: o.id, detail: `Telegram refunded it; the order is ${o.state}` });
    if (!refunds.has(id) && o.state === 'refunded') problems.push({ kind: 'state', charge_id: id, order_id: o.id, detail: 'the order is refunded; Telegram shows no refund' });
  }
  for (const o of orders) {
    // orders paid after Telegram's newest transaction may not be listed yet
    if (!payments.has(o.telegram_payment_charge_id!) && o.paid_at && Date.parse(o.paid_at) <= newest * 1000) {
      problems.push({ kind: 'state', charge_id: o.telegram_payment_charge_id, order_id: o.id, detail: `the order is ${o.state}; Telegram shows no such payment` });
    }
  }
  const at = iso(deps.clock.now());
  await repo.saveReconciliation(deps.db, { at, transactions: txs.length, problems });
  for (const p of problems) deps.log.error({ stars_reconcile: p }, `stars reconciliation: ${p.detail}`);
  deps.log.info({ transactions: txs.length, problems: problems.length }, 'stars: reconciled with Telegram');
  return { transactions: txs.length, problems };
}
