import type { ReportReason } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import type { AuthUser } from '../../http/routes';
import { iso } from '../../platform/clock';
import { reportsRepo } from './repo';

/** Reports on postcards ("complaints"): anyone may send one; moderators review them. */
export function reportsService(deps: Deps) {
  const { db } = deps;
  return {
    async report(
      user: AuthUser | null,
      r: { image_relation_id: number; reason: ReportReason; comment?: string | null },
    ): Promise<{ success: true; id: number }> {
      const card = await reportsRepo.postcard(db, r.image_relation_id);
      if (!card || card.is_banned) throw notFound('Postcard not found');
      // the comment box exists only for "other"; anything else sent along is dropped
      const comment = r.reason === 'other' ? r.comment?.trim() || null : null;
      // a signed-in user's report is counted once while it waits: the same one again answers its id
      const same = user && r.reason !== 'other' ? await reportsRepo.openReportOf(db, card.id, user.id, r.reason) : undefined;
      if (same) return { success: true, id: same.id };
      const { id } = await reportsRepo.insert(db, {
        image_relation_id: card.id,
        user_id: user?.id ?? null,
        reason: r.reason,
        comment,
        created_at: iso(deps.clock.now()),
      });
      return { success: true, id };
    },
  };
}
