import type { Migration } from 'kysely';
import * as m0001 from './0001_core';
import * as m0002 from './0002_collection';
import * as m0003 from './0003_votes_moderation';
import * as m0004 from './0004_greetings';
import * as m0005 from './0005_game';
import * as m0008 from './0008_notification_template';
import * as m0020 from './0020_user_handles';

/**
 * Every migration, in order. Listed statically (not read from disk) so it works the same under
 * tsx, vitest and any bundler. Add new ones at the end with the next number.
 */
export const migrations: Record<string, Migration> = {
  '0001_core': m0001,
  '0002_collection': m0002,
  '0003_votes_moderation': m0003,
  '0004_greetings': m0004,
  '0005_game': m0005,
  '0008_notification_template': m0008,
  '0020_user_handles': m0020,
};
