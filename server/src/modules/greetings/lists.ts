import type { AcceptedGreeting, CreatedGreeting, ReceivedGreeting } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { forbidden, invalid, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/routes';
import { greetingLinks } from '../../platform/greeting-links';
import { displayName } from '../auth';
import { previewUrls } from '../uploads';
import { groupRepo } from './group-repo';
import { type Keyset, greetingsRepo as repo } from './repo';
import { telegramGifts } from './telegram-gift';
import { presentReply, secondsUntilOpen, statusOf } from './tracking';

export const encodeCursor = (k: Keyset) => Buffer.from(`${k.at}|${k.id}`).toString('base64url');
export function decodeCursor(cursor: string | undefined): Keyset | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const n = Number(id);
  if (!at || Number.isNaN(Date.parse(at)) || !Number.isInteger(n) || n < 1) throw invalid('cursor', 'invalid cursor');
  return { at, id: n };
}

function pageOf<R, T>(rows: R[], limit: number, key: (r: R) => Keyset, map: (r: R) => T) {
  const last = rows.length === limit ? rows[rows.length - 1] : undefined;
  return { items: rows.map(map), next_cursor: last ? encodeCursor(key(last)) : null };
}

type MediaColumns = { storage_key: string; is_banned: number; has_preview: number };
type AcceptedRow = Awaited<ReturnType<typeof repo.acceptedRow>>;
type ReplyRow = Awaited<ReturnType<typeof repo.repliesOf>>[number];

export const toReply = (r: ReplyRow) => presentReply({ ...r, from: displayName(r) });

/** How greetings show in lists: a postcard's media, and an acceptance. */
export function greetingRows(deps: Deps) {
  const { storage } = deps;
  /** Media of a postcard for list rows; a banned postcard shows no media. */
  const rowMedia = (r: MediaColumns) => {
    if (r.is_banned) return { image_url: null, preview_36_url: null, preview_78x101_url: null };
    const p = previewUrls(storage, r.storage_key, r.has_preview === 1);
    return { image_url: storage.url(r.storage_key), preview_36_url: p.tiny, preview_78x101_url: p.small };
  };

  /** What an acceptance shows of its greeting, in the accepter's and in the sender's lists. */
  const acceptedCard = (r: AcceptedRow) => ({
    id: r.id,
    greeting_id: r.public_id,
    to_whom: r.to_whom,
    greeting: r.greeting,
    from_whom: r.from_whom,
    energy_received: r.energy_received,
    image_relations_id: r.image_relation_id,
    ...rowMedia(r),
  });
  const toAccepted = (r: AcceptedRow): AcceptedGreeting => ({ ...acceptedCard(r), accepted_at: r.accepted_at });

  return { rowMedia, acceptedCard, toAccepted };
}

/** The lists of greetings: those one sent, received back and accepted, keyset-paged. */
export function greetingLists(deps: Deps) {
  const { db } = deps;
  const telegramLink = greetingLinks(deps.config).telegram;
  const { rowMedia, acceptedCard, toAccepted } = greetingRows(deps);
  return {
    async listCreated(user: AuthUser, q: { cursor?: string; limit: number }) {
      const at = deps.clock.now();
      const rows = await repo.listCreated(db, user.id, decodeCursor(q.cursor), q.limit);
      // group cards: how many signed and who (docs/PRODUCT-RULES.md, group cards)
      const ids = rows.map((x) => x.id);
      const groups = new Map((await groupRepo.groupsOf(db, ids)).map((g) => [g.greeting_id, { signed_count: 0, signers: [] as string[], delivered_at: g.delivered_at }]));
      for (const s of await groupRepo.signersOf(db, [...groups.keys()])) {
        const g = groups.get(s.greeting_id)!;
        g.signers.push(s.from_whom);
        g.signed_count += 1;
      }
      const gifts = await telegramGifts(deps).listView(db, ids);
      const newest = new Map<number, ReplyRow>();
      for (const r of await repo.repliesOf(db, rows.map((x) => x.id))) {
        const seen = newest.get(r.greeting_id);
        if (!seen || r.created_at >= seen.created_at) newest.set(r.greeting_id, r);
      }
      return pageOf(
        rows,
        q.limit,
        (r) => ({ at: r.created_at, id: r.id }),
        (r): CreatedGreeting => ({
          id: r.public_id,
          to_whom: r.to_whom,
          greeting: r.greeting,
          from_whom: r.from_whom,
          energy: r.energy,
          gift_claimed: r.gift_paid_to !== null,
          accepted_count: Number(r.accepted_count),
          status: statusOf({ ...r, accepted_at: r.first_accepted_at }, at),
          opens_at: r.opens_at,
          opens_tz: r.opens_tz,
          seconds_until_open: secondsUntilOpen(r, at),
          opened_at: r.opened_at,
          open_count: r.open_count,
          accepted_at: r.first_accepted_at,
          reply: newest.has(r.id) ? toReply(newest.get(r.id)!) : null,
          image_relations_id: r.image_relation_id,
          ...rowMedia(r),
          telegram_url: telegramLink(r.public_id),
          group: groups.get(r.id) ?? null,
          telegram_gift: gifts.get(r.id) ?? null,
          created_at: r.created_at,
        }),
      );
    },

    async listReceived(user: AuthUser, q: { cursor?: string; limit: number }) {
      const rows = await repo.listReceived(db, user.id, decodeCursor(q.cursor), q.limit);
      return pageOf(
        rows,
        q.limit,
        (r) => ({ at: r.accepted_at, id: r.id }),
        (r): ReceivedGreeting => {
          const acceptor = displayName({ username: r.acceptor_username, first_name: r.acceptor_first_name, last_name: r.acceptor_last_name, login: r.acceptor_login });
          return {
            ...acceptedCard(r),
            created_at: r.created_at,
            received_at: r.accepted_at,
            accepted_by: acceptor,
            reply: r.reply_created_at
              ? presentReply({
                  reaction: r.reply_reaction,
                  text: r.reply_text,
                  created_at: r.reply_created_at,
                  updated_at: r.reply_updated_at!,
                  from: acceptor,
                })
              : null,
          };
        },
      );
    },

    async listAccepted(user: AuthUser, q: { cursor?: string; limit: number }) {
      const rows = await repo.listAccepted(db, user.id, decodeCursor(q.cursor), q.limit);
      return pageOf(rows, q.limit, (r) => ({ at: r.accepted_at, id: r.id }), toAccepted);
    },

    /** The acceptor removes a greeting from their accepted list (the greeting itself stays). */
    async removeAccepted(user: AuthUser, id: number) {
      const a = await repo.acceptanceById(db, id);
      if (!a) throw notFound('Accepted greeting not found');
      if (a.user_id !== user.id) throw forbidden('Only the person who accepted it can remove it');
      await repo.removeAcceptance(db, id);
      return { success: true as const };
    },

    /** The sender removes an acceptance from their received list (the acceptor keeps theirs). */
    async removeReceived(user: AuthUser, id: number) {
      const a = await repo.acceptanceById(db, id);
      if (!a || a.hidden_by_sender) throw notFound('Received greeting not found');
      if (a.sender_id !== user.id) throw forbidden('Only the sender can remove it from their received greetings');
      await repo.hideFromSender(db, id);
      return { success: true as const };
    },
  };
}
