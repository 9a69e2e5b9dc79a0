import { ALREADY_VOTED, type UserVote, type VoteAction, type VoteResult, type VoteType } from '@otkrytka/contract';
import type { Queryable } from '../../db';
import type { Deps } from '../../deps';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/routes';
import { iso } from '../../platform/clock';
import { writeTx } from '../../jobs/runner';
import { votesRepo } from './repo';
import { rewardOnce } from './rewards';

export const ALREADY_VOTED_CODE = 'ALREADY_VOTED';
export const alreadyVoted = () => badRequest(ALREADY_VOTED, ALREADY_VOTED_CODE);

type Postcard = NonNullable<Awaited<ReturnType<typeof votesRepo.postcard>>>;

interface Transition {
  next: VoteType | null;
  action: VoteAction;
  likes: number;
  rejects: number;
}

const count = (t: VoteType | null, of: VoteType) => (t === of ? 1 : 0);

/**
 * The spec's toggles: pressing the button of the vote one has removes it; pressing the other
 * button (or any button without a vote) makes that the vote. Count deltas follow from the change.
 */
export function toggleTransition(current: VoteType | null, pressed: VoteType): Transition {
  const next = current === pressed ? null : pressed;
  const action: VoteAction =
    next === null ? (pressed === 'like' ? 'unliked' : 'unrejected') : pressed === 'like' ? 'liked' : 'rejected';
  return {
    next,
    action,
    likes: count(next, 'like') - count(current, 'like'),
    rejects: count(next, 'reject') - count(current, 'reject'),
  };
}

/**
 * A postcard still in the sandbox takes one vote from each user, never its uploader's, and the vote
 * cannot be changed or taken back: through the sandbox's buttons and the viewer's toggles alike.
 */
function sandboxVote(card: Postcard, userId: number, current: VoteType | null, type: VoteType): Transition {
  if (card.user_id === userId) throw forbidden('You cannot vote on your own postcard');
  if (current !== null) throw alreadyVoted();
  return toggleTransition(null, type);
}

export function votesService(deps: Deps) {
  const { db } = deps;
  // SQLite runs one transaction at a time; PostgreSQL needs the user's vote row locked
  const lockVotes = deps.dialect === 'postgres';

  async function visiblePostcard(trx: Queryable, id: number): Promise<Postcard> {
    const card = await votesRepo.postcard(trx, id);
    if (!card || card.is_banned) throw notFound('Postcard not found');
    return card;
  }

  /**
   * Applies a vote change for one user inside one transaction: the vote row, the postcard's counts
   * and the reward event commit together; the game and notifications follow after commit.
   */
  async function vote(
    userId: number,
    postcardId: number,
    decide: (card: Postcard, current: VoteType | null) => Transition,
    reward: (card: Postcard, t: Transition) => 'like_given' | 'sandbox_vote' | null,
  ): Promise<VoteResult> {
    const at = iso(deps.clock.now());
    return writeTx(deps, async (trx) => {
      const card = await visiblePostcard(trx, postcardId);
      const current = (await votesRepo.vote(trx, postcardId, userId, lockVotes))?.vote_type ?? null;
      const t = decide(card, current);
      if (current === null) {
        // a concurrent request of the same user may have voted since we read: the key refuses a second row
        if (!(await votesRepo.insert(trx, postcardId, userId, t.next!, at))) throw alreadyVoted();
      } else if (t.next === null) {
        await votesRepo.remove(trx, postcardId, userId);
      } else {
        await votesRepo.change(trx, postcardId, userId, t.next, at);
      }
      const counts = await votesRepo.adjustCounts(trx, postcardId, t.likes, t.rejects);
      const action = reward(card, t);
      if (action) await rewardOnce(trx, { userId, reward: action, postcardId }, at);
      const result: VoteResult = { success: true, action: t.action, vote_type: t.next, ...counts };
      return result;
    });
  }

  return {
    async userVote(user: AuthUser | null, postcardId: number): Promise<UserVote> {
      await visiblePostcard(db, postcardId);
      if (!user) return { has_vote: false, vote_type: null };
      const v = await votesRepo.vote(db, postcardId, user.id, false);
      return { has_vote: !!v, vote_type: v?.vote_type ?? null };
    },

    /**
     * The like and reject toggles of the viewer and other screens. Own approved postcards may be
     * liked, unrewarded; a postcard still in the sandbox follows the sandbox's rules.
     */
    toggle: (userId: number, postcardId: number, pressed: VoteType) =>
      vote(
        userId,
        postcardId,
        (card, current) => (card.is_approved ? toggleTransition(current, pressed) : sandboxVote(card, userId, current, pressed)),
        (card, t) => (!card.is_approved ? 'sandbox_vote' : t.next === 'like' && card.user_id !== userId ? 'like_given' : null),
      ),

    /**
     * A vote through the sandbox's buttons (see `sandboxVote`): an approved postcard is no longer
     * in the sandbox (409); any earlier vote answers 400 "already voted".
     */
    voteInSandbox: (userId: number, postcardId: number, type: VoteType) =>
      vote(
        userId,
        postcardId,
        (card, current) => {
          if (card.is_approved) throw conflict('Postcard is not in the sandbox', 'NOT_IN_SANDBOX');
          return sandboxVote(card, userId, current, type);
        },
        () => 'sandbox_vote',
      ),
  };
}
