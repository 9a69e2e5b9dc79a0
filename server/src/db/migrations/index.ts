import type { Migration } from 'kysely';
import * as m0001 from './0001_core';
import * as m0004 from './0004_greetings';

/**
 * Every migration, in order. Listed statically (not read from disk) so it works the same under
 * tsx, vitest and any bundler. Add new ones at the end with the next number.
 */
export const migrations: Record<string, Migration> = {
  '0001_core': m0001,
  '0004_greetings': m0004,
};
