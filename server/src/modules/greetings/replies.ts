import type { GreetingReply } from '@otkrytka/contract';
import { ErrorCode, GREETING_TRACKING, type GreetingReplyBody } from '@otkrytka/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { conflict, forbidden, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/routes';
import { recordEvent, writeTx } from '../../jobs/runner';
import { iso } from '../../platform/clock';
import { contributorIds } from './group';
import { greetingsRepo as repo } from './repo';
import { GREETING_NOT_FOUND, presentReply } from './tracking';

/** The acceptors' thank-you replies. */
export function greetingReplies(deps: Deps) {
  return {
    /**
     * The acceptor's thank-you reply: the first PUT sends it (and tells the sender), later ones edit
     * it within 10 minutes of the first, never after. Only someone who accepted the greeting may reply.
     */
    async reply(user: AuthUser, publicId: string, body: z.output<typeof GreetingReplyBody>): Promise<GreetingReply> {
      const clockNow = deps.clock.now();
      const at = iso(clockNow);
      return writeTx(deps, async (trx) => {
        const g = await repo.byPublicId(trx, publicId, { lock: true });
        if (!g) throw notFound(GREETING_NOT_FOUND);
        if (g.user_id === user.id) throw forbidden('The sender cannot reply to their own greeting');
        if (!(await repo.acceptance(trx, g.id, user.id))) throw forbidden('Only someone who accepted this greeting can reply to it');
        const values = { reaction: body.reaction ?? null, text: body.text ?? null };
        const name = await repo.displayName(trx, user.id);
        const before = await repo.replyOf(trx, g.id, user.id);
        if (before) {
          if (clockNow.getTime() > Date.parse(before.created_at) + GREETING_TRACKING.replyEditWindowMs) {
            throw conflict('A reply can be edited only within 10 minutes of sending it', ErrorCode.GREETING_REPLY_LOCKED);
          }
          const edited = await repo.updateReply(trx, before.id, values, at);
          await recordEvent(trx, at, 'greeting.reply_edited', {
            replyId: edited.id,
            senderId: g.user_id,
            contributorIds: (await contributorIds(trx, g.id)).filter((id) => id !== user.id),
            repliedAt: before.created_at,
            reaction: edited.reaction,
            text: edited.text,
          });
          return presentReply({ ...edited, from: name });
        }
        const row = await repo.insertReply(trx, { greeting_id: g.id, user_id: user.id, ...values, created_at: at, updated_at: at });
        await recordEvent(trx, at, 'greeting.replied', {
          greetingId: g.public_id,
          replyId: row.id,
          senderId: g.user_id,
          replierId: user.id,
          replierName: name,
          toWhom: g.to_whom,
          ...values,
          // a group card's reply reaches every contributor (docs/PRODUCT-RULES.md, group cards)
          contributorIds: (await contributorIds(trx, g.id)).filter((id) => id !== user.id),
        });
        return presentReply({ ...row, from: name });
      });
    },

  };
}
