import type { Deps } from '../../deps';
import { STORAGE_SWEEP_EVERY_MS, sweepStorageLeftovers } from './sweep';

/**
 * The uploads module's recurring work: the sweep of files interrupted uploads left behind (its
 * first run is queued when the job runner starts). The job only starts it: the walk runs outside
 * the job's transaction, so on SQLite requests keep the connection while it lists storage (and a
 * failed walk is simply done again next time).
 */
export function uploadsSubscribers(deps: Pick<Deps, 'db' | 'jobs' | 'storage' | 'log'>): void {
  const startSweep = async () => deps.jobs.inBackground('storage sweep', (stopping) => sweepStorageLeftovers(deps, Date.now(), stopping));
  deps.jobs.every('storage.sweep', STORAGE_SWEEP_EVERY_MS, startSweep);
}
