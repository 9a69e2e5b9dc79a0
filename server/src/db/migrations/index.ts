import type { Migration } from 'kysely';
import * as m0001 from './0001_core';
import * as m0002 from './0002_collection';
import * as m0003 from './0003_votes_moderation';
import * as m0004 from './0004_greetings';
import * as m0005 from './0005_game';
import * as m0008 from './0008_notification_template';
import * as m0010 from './0010_jobs';
import * as m0011 from './0011_notification_template_keys';
import * as m0020 from './0020_user_handles';
import * as m0021 from './0021_unicode_handles';
import * as m0030 from './0030_postcard_source_url';
import * as m0031 from './0031_postcard_views';
import * as m0032 from './0032_category_names_en';
import * as m0050 from './0050_greeting_tracking';
import * as m0060 from './0060_gallery_indexes';
import * as m0061 from './0061_gallery_versions';
import * as m0062 from './0062_gallery_versions_per_statement';
import * as m0063 from './0063_renditions';
import * as m0064 from './0064_storage_key_indexes';
import * as m0065 from './0065_day_sort_covering_indexes';
import * as m0066 from './0066_balance_rank_index';
import * as m0067 from './0067_greeting_idempotency_key';
import * as m0068 from './0068_telegram_updates';
import * as m0069 from './0069_telegram_notice_messages';
import * as m0070 from './0070_jobs_dead_letter';
import * as m0071 from './0071_calendar';
import * as m0072 from './0072_search';
import * as m0073 from './0073_pictures';
import * as m0074 from './0074_greeting_hold';
import * as m0075 from './0075_group_greetings';
import * as m0076 from './0076_stars_orders';
import * as m0077 from './0077_picture_claims';
import * as m0078 from './0078_search_speed';

/**
 * Every migration, in the one order every database applies them (db/index.ts `migrateToLatest`).
 * Listed statically (not read from disk) so it works the same under tsx, vitest and any bundler.
 *
 * A new migration goes at the END, named with a number above the last one: kysely orders
 * migrations by name and refuses a database whose applied migrations are not the first names of
 * that order, so a name that sorts before an applied one fails every existing database (the
 * provider checks that this list ascends). Never rename, remove or reorder an entry: databases
 * record the names they ran in `kysely_migration`. Gaps in the numbering are harmless.
 */
export const orderedMigrations: readonly (readonly [name: string, migration: Migration])[] = [
  ['0001_core', m0001],
  ['0002_collection', m0002],
  ['0003_votes_moderation', m0003],
  ['0004_greetings', m0004],
  ['0005_game', m0005],
  ['0008_notification_template', m0008],
  ['0010_jobs', m0010],
  ['0011_notification_template_keys', m0011],
  ['0020_user_handles', m0020],
  ['0021_unicode_handles', m0021],
  ['0030_postcard_source_url', m0030],
  ['0031_postcard_views', m0031],
  ['0032_category_names_en', m0032],
  ['0050_greeting_tracking', m0050],
  ['0060_gallery_indexes', m0060],
  ['0061_gallery_versions', m0061],
  ['0062_gallery_versions_per_statement', m0062],
  ['0063_renditions', m0063],
  ['0064_storage_key_indexes', m0064],
  ['0065_day_sort_covering_indexes', m0065],
  ['0066_balance_rank_index', m0066],
  ['0067_greeting_idempotency_key', m0067],
  ['0068_telegram_updates', m0068],
  ['0069_telegram_notice_messages', m0069],
  ['0070_jobs_dead_letter', m0070],
  ['0071_calendar', m0071],
  ['0072_search', m0072],
  ['0073_pictures', m0073],
  ['0074_greeting_hold', m0074],
  ['0075_group_greetings', m0075],
  ['0076_stars_orders', m0076],
  ['0077_picture_claims', m0077],
  ['0078_search_speed', m0078],
];

/**
 * The last migration written while migrations ran in any order (kysely's `allowUnorderedMigrations`).
 * A database migrated then may have applied the ones up to here in another order, or not yet some
 * that sort before one it applied (legacy-order.ts brings it into order once).
 */
export const LAST_UNORDERED_MIGRATION = '0069_telegram_notice_messages';

/** The migrations by name (kysely's provider shape; tests run one by hand). */
export const migrations: Record<string, Migration> = Object.fromEntries(orderedMigrations);
