import type { Deps } from '../../deps';
import { telegramUpdatesRepo } from './repo';

/** Bot updates are kept two days: Telegram sends an unanswered one again for up to 24 hours. */
export const TELEGRAM_UPDATES_KEEP_MS = 48 * 3600_000;

export function shareSubscribers(deps: Deps): void {
  deps.jobs.every('share.telegram-updates.prune', 24 * 3600_000, async (trx, job) => {
    await telegramUpdatesRepo.prune(trx, new Date(Date.parse(job.at) - TELEGRAM_UPDATES_KEEP_MS).toISOString());
  });
}
