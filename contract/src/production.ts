import { z } from 'zod';
import { defineRoutes } from './route';
import { BodyId } from './common';
import { CARD_TYPES, RESOURCE_TYPES } from './rules/game';

const Int = z.number().int();

/** A production card as the player sees it. */
export const ProductionCard = z.object({
  card_type: z.enum(CARD_TYPES),
  name: z.string(),
  description: z.string(),
  level: Int,
  max_level: Int,
  yang_cost: Int,
  yin_cost: Int,
  /** seconds one run takes */
  production_time: Int,
  output: z.object({ resource_type: z.enum(RESOURCE_TYPES), quantity: Int }),
  /** the player's level this card opens at */
  unlock_level: Int,
  can_produce: z.boolean(),
  /** why not, in Russian, when can_produce is false */
  reason: z.string().nullable(),
  /** the same as a code the client can translate */
  reason_code: z.enum(['locked', 'busy', 'queue_full', 'no_yang', 'no_yin']).nullable(),
  /** the player's first run is free: this card can run now without paying its yang and yin */
  free_run: z.boolean(),
  /** how much yang and yin the player lacks for a paid run (0 when they have enough) */
  missing: z.object({ yang: Int, yin: Int }),
  /** cost to raise the card one level; null at the top level */
  upgrade_cost: z.object({ resource_type: z.enum(RESOURCE_TYPES), amount: Int }).nullable(),
  can_upgrade: z.boolean(),
  upgrade_reason: z.string().nullable(),
  upgrade_reason_code: z.enum(['locked', 'max_level', 'no_resource']).nullable(),
});
export type ProductionCard = z.infer<typeof ProductionCard>;

/** A production run in the queue. */
export const QueueItem = z.object({
  id: Int,
  card_type: z.enum(CARD_TYPES),
  card_name: z.string(),
  resource_type: z.enum(RESOURCE_TYPES),
  quantity: Int,
  started_at: z.string(),
  ready_at: z.string(),
  /** seconds until ready; 0 or less means it can be collected */
  time_left: Int,
  /** 0…100 */
  progress: z.number(),
  is_ready: z.boolean(),
});
export type QueueItem = z.infer<typeof QueueItem>;

export const ProductionResources = z.object({
  resources: z.object(Object.fromEntries(RESOURCE_TYPES.map((r) => [r, Int])) as Record<(typeof RESOURCE_TYPES)[number], typeof Int>),
  yang_energy: Int,
  yin_energy: Int,
});
export type ProductionResources = z.infer<typeof ProductionResources>;

export const productionRoutes = defineRoutes({
  'GET /api/production/cards': {
    access: 'user',
    summary: 'The six production cards with costs, output and whether they can run now',
    response: z.object({ cards: z.array(ProductionCard), queue_limit: Int }),
  },
  'GET /api/production/queue': {
    access: 'user',
    summary: 'Running and uncollected production',
    response: z.object({ queue: z.array(QueueItem), server_time: z.string() }),
  },
  'GET /api/production/resources': { access: 'user', summary: 'Resources and energy', response: ProductionResources },
  'POST /api/production/start': {
    access: 'user',
    summary: 'Start a run of a card (pays its yang and yin cost)',
    body: z.object({ card_type: z.enum(CARD_TYPES) }),
    status: 201,
    response: z.object({ success: z.literal(true), item: QueueItem, yang_energy: Int, yin_energy: Int }),
  },
  'POST /api/production/complete': {
    access: 'user',
    summary: 'Collect a finished run (pays its resources once)',
    body: z.object({ production_id: BodyId }),
    response: z.object({
      success: z.literal(true),
      resource_type: z.enum(RESOURCE_TYPES),
      quantity: Int,
      experience_gain: Int,
      resources: ProductionResources.shape.resources,
    }),
  },
  'POST /api/production/upgrade': {
    access: 'user',
    summary: 'Raise a card one level (pays resources)',
    body: z.object({ card_type: z.enum(CARD_TYPES) }),
    response: z.object({ success: z.literal(true), card: ProductionCard, resources: ProductionResources.shape.resources }),
  },
});
