import type {
  ModerationCard,
  ModerationDecision,
  ModerationQueue,
  ModerationStats,
  ReportReason,
  ReportedPostcards,
} from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import { iso } from '../../platform/clock';
import { recordEvent, writeTx } from '../../jobs/runner';
import { type PostcardRow, toPostcard } from '../postcards';
import { moderationRepo } from './repo';

export const QUEUE_EMPTY = 'No postcards are waiting for moderation';
/** Comments shown per reported postcard (newest first). */
const COMMENTS_SHOWN = 20;

type CardRow = PostcardRow & { reports_count: number | string | bigint | null };

/** The moderator's side: the queue of pending postcards, decisions, and reports. */
export function moderationService(deps: Deps) {
  const { db, storage } = deps;
  const toCard = (r: CardRow): ModerationCard => ({
    ...toPostcard(storage, r),
    reports_count: Number(r.reports_count ?? 0),
    credited_author: r.author_name,
  });

  async function decide(postcardId: number, approve: boolean): Promise<ModerationDecision> {
    const at = iso(deps.clock.now());
    return writeTx(deps, async (trx) => {
      const before = await moderationRepo.state(trx, postcardId);
      if (!before) throw notFound('Postcard not found');
      const after = await moderationRepo.setState(trx, postcardId, approve, at);
      // a ban closes the postcard's open reports; an approval leaves them for the moderator to judge
      const resolved = approve ? 0 : await moderationRepo.resolveReports(trx, postcardId, 'banned', at);
      // the uploader's reward for a first approval is the votes module's (once per postcard)
      if (approve && !before.is_approved) await recordEvent(trx, at, 'postcard.moderated', { postcardId, ownerId: before.user_id, approved: true });
      const decision: ModerationDecision = {
        success: true,
        postcard: {
          id: after.id,
          is_approved: after.is_approved === 1,
          is_banned: after.is_banned === 1,
          moderated_at: after.moderated_at,
        },
        reports_resolved: resolved,
      };
      return decision;
    });
  }

  return {
    async queue(offset: number, limit: number): Promise<ModerationQueue> {
      const [rows, total] = await Promise.all([
        moderationRepo.queue(db, offset, limit),
        moderationRepo.countPending(db),
      ]);
      return { items: rows.map(toCard), total };
    },

    /** A random pending postcard; `exclude` (the one on screen) is skipped unless it is the only one. */
    async next(exclude?: number) {
      let skip = exclude;
      let total = await moderationRepo.countPending(db, null, skip);
      if (total === 0 && skip !== undefined) {
        skip = undefined;
        total = await moderationRepo.countPending(db);
      }
      const row = total > 0 ? await moderationRepo.pendingAt(db, Math.floor(Math.random() * total), skip) : undefined;
      return row
        ? { success: true as const, postcard: toCard(row), message: null }
        : { success: true as const, postcard: null, message: QUEUE_EMPTY };
    },

    async stats(): Promise<ModerationStats> {
      const [onModeration, positive, negative, reported] = await Promise.all([
        moderationRepo.countPending(db),
        moderationRepo.countPending(db, 'likes'),
        moderationRepo.countPending(db, 'rejects'),
        moderationRepo.countReported(db),
      ]);
      return {
        on_moderation: onModeration,
        with_positive_votes: positive,
        with_negative_votes: negative,
        reported,
      };
    },

    async card(id: number): Promise<ModerationCard> {
      const row = await moderationRepo.card(db, id);
      if (!row) throw notFound('Postcard not found');
      return toCard(row);
    },

    approve: (id: number) => decide(id, true),
    ban: (id: number) => decide(id, false),

    async reported(offset: number, limit: number): Promise<ReportedPostcards> {
      const [groups, total] = await Promise.all([
        moderationRepo.reportedPage(db, offset, limit),
        moderationRepo.countReported(db),
      ]);
      const ids = groups.map((g) => g.image_relation_id);
      if (ids.length === 0) return { items: [], total };
      const [reasons, comments, cards] = await Promise.all([
        moderationRepo.reasonCounts(db, ids),
        moderationRepo.comments(db, ids),
        moderationRepo.cards(db, ids),
      ]);
      const cardById = new Map(cards.map((c) => [c.id, toCard(c)]));
      const items = groups.flatMap((g) => {
        const postcard = cardById.get(g.image_relation_id);
        if (!postcard) return [];
        return [
          {
            postcard,
            reports_count: Number(g.reports_count),
            reasons: reasons
              .filter((r) => r.image_relation_id === g.image_relation_id)
              .map((r) => ({ reason: r.reason as ReportReason, count: Number(r.count) }))
              .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
            comments: comments
              .filter((c) => c.image_relation_id === g.image_relation_id)
              .slice(0, COMMENTS_SHOWN)
              .map((c) => ({ comment: c.comment!, created_at: c.created_at })),
            first_reported_at: String(g.first_reported_at),
            last_reported_at: String(g.last_reported_at),
          },
        ];
      });
      return { items, total };
    },

    async dismissReports(postcardId: number) {
      if (!(await moderationRepo.state(db, postcardId))) throw notFound('Postcard not found');
      const dismissed = await moderationRepo.resolveReports(db, postcardId, 'dismissed', iso(deps.clock.now()));
      return { success: true as const, dismissed };
    },
  };
}
