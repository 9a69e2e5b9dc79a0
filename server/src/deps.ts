import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db, DialectName } from './db';
import type { Clock } from './platform/clock';
import type { LiveBus } from './platform/live';
import type { JobRunner } from './jobs/runner';
import type { MediaTools } from './platform/media';
import type { Storage } from './platform/storage';

/** What every module is built from. One instance per app; nothing in it holds per-user state. */
export interface Deps {
  config: Config;
  db: Db;
  dialect: DialectName;
  clock: Clock;
  /** live push to open browser streams, across instances (not domain events: those are `jobs`) */
  live: LiveBus;
  /** domain events after commit and scheduled work (jobs/runner.ts) */
  jobs: JobRunner;
  /** uniform random number in [0, 1); injectable so game draws are reproducible in tests */
  random: () => number;
  log: FastifyBaseLogger;
  /** media bytes: local folder or S3-compatible store */
  storage: Storage;
  /** type detection, previews and metadata stripping (sharp, ffmpeg) */
  media: MediaTools;
}
