import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/** The game layer: per-user game state, counters, quests, achievements, spins, crystals, production. */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const table = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()));
  const user = (c: any) => c.notNull().references('users.id').onDelete('cascade');

  await db.schema
    .createTable('game_state')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('yin_regen_at', 'text', (c) => c.notNull())
    .addColumn('in_top', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('daily_day', 'text')
    .addColumn('daily_streak', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('game_counters')
    .addColumn('user_id', 'integer', user)
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('game_counters_pk', ['user_id', 'period', 'metric'])
    .execute();

  await db.schema
    .createTable('game_quest_claims')
    .addColumn('user_id', 'integer', user)
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('quest_key', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('game_quest_claims_pk', ['user_id', 'day', 'quest_key'])
    .execute();

  await db.schema
    .createTable('game_achievements')
    .addColumn('user_id', 'integer', user)
    .addColumn('achievement_key', 'text', (c) => c.notNull())
    .addColumn('unlocked_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('game_achievements_pk', ['user_id', 'achievement_key'])
    .execute();

  await table('game_spins')
    .addColumn('user_id', 'integer', user)
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('seconds', 'integer')
    .addColumn('yang', 'integer')
    .addColumn('yin', 'integer')
    .execute();
  await db.schema.createIndex('game_spins_user').on('game_spins').columns(['user_id', 'finished_at']).execute();

  await table('crystal_draws')
    .addColumn('user_id', 'integer', user)
    .addColumn('crystal_key', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('crystal_draws_user').on('crystal_draws').columns(['user_id', 'crystal_key']).execute();

  await db.schema
    .createTable('production_cards')
    .addColumn('user_id', 'integer', user)
    .addColumn('card_type', 'text', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('production_cards_pk', ['user_id', 'card_type'])
    .execute();

  await table('production_runs')
    .addColumn('user_id', 'integer', user)
    .addColumn('card_type', 'text', (c) => c.notNull())
    .addColumn('card_level', 'integer', (c) => c.notNull())
    .addColumn('resource_type', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('ready_at', 'text', (c) => c.notNull())
    .addColumn('collected_at', 'text')
    .addColumn('notified_at', 'text')
    .execute();
  await db.schema.createIndex('production_runs_user').on('production_runs').columns(['user_id', 'collected_at']).execute();
  await db.schema.createIndex('production_runs_ready').on('production_runs').columns(['notified_at', 'ready_at']).execute();

  // ranking players by experience (top players, "entered the top 100")
  await db.schema.createIndex('balances_asset_amount').on('balances').columns(['asset', 'amount']).execute();
  // notification filters by type and date
  await db.schema.createIndex('notifications_user_type').on('notifications').columns(['user_id', 'type', 'id']).execute();
  await db.schema.createIndex('notifications_user_created').on('notifications').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notifications_user_created').execute();
  await db.schema.dropIndex('notifications_user_type').execute();
  await db.schema.dropIndex('balances_asset_amount').execute();
  for (const t of ['production_runs', 'production_cards', 'crystal_draws', 'game_spins', 'game_achievements', 'game_quest_claims', 'game_counters', 'game_state']) {
    await db.schema.dropTable(t).execute();
  }
}
