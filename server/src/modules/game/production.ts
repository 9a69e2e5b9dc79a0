import type { ProductionCard, ProductionResources, QueueItem } from '@otkrytka/contract';
import type { Selectable } from 'kysely';
import type { ProductionRunsTable } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../http/errors';
import { iso } from '../../platform/clock';
import { catalogOf, type GameCatalog, gameCatalog } from './catalog';
import { type GameTx, noticesDone, notify, pay, runGame } from './engine';
import { scheduleJob } from '../../jobs/runner';
import { getBalances } from '../ledger';
import { applyAction } from './progression';
import {
  CARD_TYPES,
  CARD_UNLOCK_LEVEL,
  type CardType,
  CARDS,
  cardOutput,
  MAX_CARD_LEVEL,
  PRODUCTION_QUEUE_LIMIT,
  RESOURCE_TYPES,
  type ResourceType,
  upgradeCost,
} from './rules';
import { productionNotice } from './texts';
import { productionRepo } from './production-repo';

type Run = Selectable<ProductionRunsTable>;

/** An error's detail is for developers, in English (the web shows its code's text in the reader's language). */
const developerText = gameCatalog('en');

function queueItem(run: Run, now: Date, catalog: GameCatalog): QueueItem {
  const start = Date.parse(run.started_at);
  const ready = Date.parse(run.ready_at);
  const left = Math.max(0, Math.ceil((ready - now.getTime()) / 1000));
  const progress = ready > start ? Math.min(100, Math.round(((now.getTime() - start) / (ready - start)) * 1000) / 10) : 100;
  return {
    id: run.id,
    card_type: run.card_type as CardType,
    card_name: catalog.card(run.card_type as CardType).name,
    resource_type: run.resource_type as ResourceType,
    quantity: run.quantity,
    started_at: run.started_at,
    ready_at: run.ready_at,
    time_left: left,
    progress: Math.max(0, progress),
    is_ready: left === 0,
  };
}

/** Writes the production_complete notice (once) for every ready run, dated when it became ready. */
export async function announceReady(g: GameTx): Promise<void> {
  for (const run of await productionRepo.readyUnnotified(g.trx, g.userId, g.at)) {
    if (!(await productionRepo.markNotified(g.trx, run.id, g.at))) continue;
    await notify(g, productionNotice(g.userId, run.card_type as CardType, run.quantity, run.resource_type as ResourceType), run.ready_at);
  }
}

/**
 * The cards as the player sees them. A player's first run is free (docs/PRODUCT-RULES.md,
 * production): the cheapest card costs 400 yang against 20 at the start, so without it nobody
 * could produce anything in their first session.
 */
async function cardsOf(g: GameTx): Promise<ProductionCard[]> {
  const [levels, runs, b, started] = await Promise.all([
    productionRepo.cardLevels(g.trx, g.userId),
    productionRepo.openRuns(g.trx, g.userId),
    getBalances(g.trx, g.userId),
    productionRepo.hasStarted(g.trx, g.userId),
  ]);
  const catalog = await catalogOf(g);
  const free = !started;
  const levelOf = new Map(levels.map((l) => [l.card_type, l.level]));
  return CARD_TYPES.map((type) => {
    const def = CARDS[type];
    const level = levelOf.get(type) ?? 1;
    const unlock = CARD_UNLOCK_LEVEL[type];
    const locked = g.state.level < unlock;
    const reasonCode: ProductionCard['reason_code'] = locked
      ? 'locked'
      : runs.some((r) => r.card_type === type)
        ? 'busy'
        : runs.length >= PRODUCTION_QUEUE_LIMIT
          ? 'queue_full'
          : free
            ? null
            : b.yang < def.yang_cost
            ? 'no_yang'
            : b.yin < def.yin_cost
              ? 'no_yin'
              : null;
    const why = { level: unlock, limit: PRODUCTION_QUEUE_LIMIT };
    const reason = reasonCode && catalog.productionReason(reasonCode, why);
    const atMax = level >= MAX_CARD_LEVEL;
    const cost = atMax ? null : upgradeCost(type, level);
    const upgradeCode: ProductionCard['upgrade_reason_code'] = locked ? 'locked' : !cost ? 'max_level' : b[cost.resource] < cost.amount ? 'no_resource' : null;
    const upgradeReason = upgradeCode && catalog.productionReason(upgradeCode, { ...why, resource: cost?.resource });
    return {
      card_type: type,
      ...catalog.card(type),
      level,
      max_level: MAX_CARD_LEVEL,
      yang_cost: def.yang_cost,
      yin_cost: def.yin_cost,
      production_time: def.production_time,
      output: { resource_type: def.resource, quantity: cardOutput(type, level) },
      unlock_level: unlock,
      can_produce: reasonCode === null,
      reason,
      reason_code: reasonCode,
      free_run: free && !locked,
      missing: { yang: Math.max(0, def.yang_cost - b.yang), yin: Math.max(0, def.yin_cost - b.yin) },
      upgrade_cost: cost ? { resource_type: cost.resource, amount: cost.amount } : null,
      can_upgrade: upgradeCode === null,
      upgrade_reason: upgradeReason,
      upgrade_reason_code: upgradeCode,
    };
  });
}

async function resourcesOf(g: GameTx): Promise<ProductionResources> {
  const b = await getBalances(g.trx, g.userId);
  return {
    resources: Object.fromEntries(RESOURCE_TYPES.map((r) => [r, b[r]])) as ProductionResources['resources'],
    yang_energy: b.yang,
    yin_energy: b.yin,
  };
}

export function productionService(deps: Deps) {
  const run = <T>(userId: number, fn: (g: GameTx) => Promise<T>) =>
    runGame(deps, userId, async (g) => {
      await announceReady(g);
      return fn(g);
    });

  return {
    cards: (userId: number) => run(userId, async (g) => ({ cards: await cardsOf(g), queue_limit: PRODUCTION_QUEUE_LIMIT })),
    queue: (userId: number) =>
      run(userId, async (g) => {
        const catalog = await catalogOf(g);
        return { queue: (await productionRepo.openRuns(g.trx, g.userId)).map((r) => queueItem(r, g.now, catalog)), server_time: g.at };
      }),
    resources: (userId: number) => run(userId, resourcesOf),

    /** Starts a run: the card must be open, not running and affordable; its yang and yin are paid now (not for the first run). */
    start: (userId: number, type: CardType) =>
      run(userId, async (g) => {
        const card = (await cardsOf(g)).find((c) => c.card_type === type)!;
        if (!card.can_produce) {
          const code = card.reason_code === 'no_yang' || card.reason_code === 'no_yin' ? 'INSUFFICIENT_BALANCE' : 'PRODUCTION_UNAVAILABLE';
          throw new AppError(409, code, developerText.productionReason(card.reason_code!, { level: card.unlock_level, limit: PRODUCTION_QUEUE_LIMIT }));
        }
        const started = await productionRepo.insertRun(g.trx, {
          user_id: g.userId,
          card_type: type,
          card_level: card.level,
          resource_type: card.output.resource_type,
          quantity: card.output.quantity,
          started_at: g.at,
          ready_at: iso(new Date(g.now.getTime() + card.production_time * 1000)),
        });
        // the first run is free (nothing to pay); every later one pays the card's yang and yin
        if (!card.free_run) {
          await pay(g, [
            { asset: 'yang', delta: -card.yang_cost, reason: 'production', refType: 'production', refId: started.id },
            { asset: 'yin', delta: -card.yin_cost, reason: 'production', refType: 'production', refId: started.id },
          ]);
        }
        await scheduleJob(g.trx, g.at, 'production.ready', started.ready_at, { userId: g.userId });
        const b = await getBalances(g.trx, g.userId);
        return { success: true as const, item: queueItem(started, g.now, await catalogOf(g)), yang_energy: b.yang, yin_energy: b.yin };
      }),

    /** Collects a ready run once, paying its resources. */
    complete: (userId: number, productionId: number) =>
      run(userId, async (g) => {
        const found = await productionRepo.findRun(g.trx, g.userId, productionId);
        if (!found) throw notFound('No such production run');
        if (found.collected_at) throw new AppError(409, 'PRODUCTION_COLLECTED', 'This run has already been collected');
        if (found.ready_at > g.at) throw new AppError(409, 'PRODUCTION_NOT_READY', 'This run is not finished yet');
        if (!(await productionRepo.collect(g.trx, found.id, g.at))) {
          throw new AppError(409, 'PRODUCTION_COLLECTED', 'This run has already been collected');
        }
        await pay(g, [
          { asset: found.resource_type as ResourceType, delta: found.quantity, reason: 'production', refType: 'production', refId: found.id },
        ]);
        const { exp } = await applyAction(g, 'production_collected', 1, found.id);
        // nothing else waits to be collected: the «Заберите его!» notices have been answered
        if (!(await productionRepo.openRuns(g.trx, g.userId)).some((r) => r.ready_at <= g.at)) await noticesDone(g, 'production_complete');
        return {
          success: true as const,
          resource_type: found.resource_type as ResourceType,
          quantity: found.quantity,
          experience_gain: exp,
          resources: (await resourcesOf(g)).resources,
        };
      }),

    /** Raises a card one level for its upgrade cost in resources. */
    upgrade: (userId: number, type: CardType) =>
      run(userId, async (g) => {
        const card = (await cardsOf(g)).find((c) => c.card_type === type)!;
        if (!card.upgrade_cost) throw new AppError(409, 'CARD_MAX_LEVEL', developerText.productionReason('max_level', { level: card.unlock_level, limit: PRODUCTION_QUEUE_LIMIT }));
        if (g.state.level < card.unlock_level) throw new AppError(409, 'CARD_LOCKED', developerText.productionReason('locked', { level: card.unlock_level, limit: PRODUCTION_QUEUE_LIMIT }));
        await pay(g, [
          { asset: card.upgrade_cost.resource_type, delta: -card.upgrade_cost.amount, reason: 'card_upgrade', refType: 'card', refId: type },
        ]);
        await productionRepo.setCardLevel(g.trx, g.userId, type, card.level + 1, g.at);
        const upgraded = (await cardsOf(g)).find((c) => c.card_type === type)!;
        return { success: true as const, card: upgraded, resources: (await resourcesOf(g)).resources };
      }),
  };
}
