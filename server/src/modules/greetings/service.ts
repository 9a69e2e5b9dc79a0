import crypto from 'node:crypto';
import type {
  AcceptanceStatus,
  AcceptedGreeting,
  AcceptGreetingResult,
  CreatedGreeting,
  Greeting,
  GreetingBackground,
  ReceivedGreeting,
} from '@otkrytka/contract';
import { type CreateGreetingBody, greetingDefaults, telegramGreetingLink, type UpdateGreetingBody } from '@otkrytka/contract';
import type { z } from 'zod';
import type { Queryable } from '../../db';
import type { Deps } from '../../deps';
import { conflict, forbidden, invalid, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/routes';
import { iso } from '../../platform/clock';
import { recordEvent, writeTx } from '../../jobs/runner';
import { escrowGift, payGift, refundGift } from './gift';
import { previewUrls } from '../postcards/present';
import { type Keyset, greetingsRepo as repo } from './repo';

/** 128 random bits, base64url: unguessable, and valid in links and Telegram start parameters. */
export const newPublicId = () => crypto.randomBytes(16).toString('base64url');

const GREETING_NOT_FOUND = 'Greeting not found';

const encodeCursor = (k: Keyset) => Buffer.from(`${k.at}|${k.id}`).toString('base64url');
function decodeCursor(cursor: string | undefined): Keyset | null {
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

export function greetingsService(deps: Deps) {
  const { db, storage } = deps;
  const now = () => iso(deps.clock.now());

  /** Media of a postcard for list rows; a banned postcard shows no media. */
  const rowMedia = (r: MediaColumns) => {
    if (r.is_banned) return { image_url: null, preview_36_url: null, preview_78x101_url: null };
    const p = previewUrls(storage, r.storage_key, r.has_preview === 1);
    return { image_url: storage.url(r.storage_key), preview_36_url: p.tiny, preview_78x101_url: p.small };
  };

  const toAccepted = (r: AcceptedRow): AcceptedGreeting => ({
    id: r.id,
    greeting_id: r.public_id,
    to_whom: r.to_whom,
    greeting: r.greeting,
    from_whom: r.from_whom,
    energy_received: r.energy_received,
    image_relations_id: r.image_relation_id,
    ...rowMedia(r),
    accepted_at: r.accepted_at,
  });

  /** The greeting a signed-in user may change: it exists and they sent it. */
  async function ownGreeting(trx: Queryable, user: AuthUser, publicId: string, action: string) {
    const g = await repo.byPublicId(trx, publicId, { lock: true });
    if (!g) throw notFound(GREETING_NOT_FOUND);
    if (g.user_id !== user.id) throw forbidden(`Only the sender can ${action} this greeting`);
    return g;
  }

  /**
   * Who may build a greeting from a postcard: it is not banned, and it is approved, or theirs, or in
   * a channel they own or subscribe to (where they can see it). Anything else looks like no postcard.
   */
  async function assertPostcardUsable(trx: Queryable, postcardId: number, userId: number) {
    const p = await repo.postcardForUser(trx, postcardId, userId);
    // greetings only on approved postcards or on one's own (moderation gates distribution)
    const canSee = !!p && (p.is_approved === 1 || p.user_id === userId || p.channel_owner_id === userId);
    if (!p || !canSee) throw notFound('Postcard not found');
    if (p.is_banned) throw forbidden('This postcard was banned by moderation and cannot be sent');
  }

  function postcardMedia(storageKey: string, hasPreview: boolean) {
    const p = previewUrls(storage, storageKey, hasPreview);
    return { image_url: storage.url(storageKey), preview_78x101_url: p.small, preview_36_url: p.tiny, viewer_url: p.viewer };
  }

  async function read(q: Queryable, publicId: string, user: AuthUser | null): Promise<Greeting> {
    const g = await repo.detail(q, publicId);
    if (!g) throw notFound(GREETING_NOT_FOUND);
    return {
      id: g.public_id,
      to_whom: g.to_whom,
      greeting: g.greeting,
      from_whom: g.from_whom,
      background_first_page: g.background_first_page as GreetingBackground,
      background_greeting_page: g.background_greeting_page as GreetingBackground,
      energy: g.energy,
      gift_claimed: g.gift_paid_to !== null,
      is_own: user?.id === g.user_id,
      image_relations_id: g.image_relation_id,
      postcard: g.postcard_is_banned
        ? null
        : {
            id: g.image_relation_id,
            title: g.postcard_title,
            collection_id: g.postcard_collection_id,
            media_kind: g.postcard_media_kind,
            ...postcardMedia(g.postcard_storage_key, g.postcard_has_preview === 1),
          },
      channel: { id: g.postcard_collection_id, name: g.channel_name },
      telegram_url: telegramGreetingLink({ username: deps.config.botUsername, appName: deps.config.botAppName }, g.public_id),
      created_at: g.created_at,
      updated_at: g.updated_at,
    };
  }

  return {
    get: (publicId: string, user: AuthUser | null) => read(db, publicId, user),

    async create(user: AuthUser, body: z.output<typeof CreateGreetingBody>): Promise<Greeting> {
      const at = now();
      return writeTx(deps, async (trx) => {
        await assertPostcardUsable(trx, body.image_relations_id, user.id);
        // a skipped text gets the default in the creator's language (their saved setting; Russian otherwise)
        const language = await trx.selectFrom('settings').select('value').where('user_id', '=', user.id).where('key', '=', 'language').executeTakeFirst();
        const defaults = greetingDefaults(language?.value === '"en"' ? 'en' : 'ru');
        const g = await repo.insert(trx, {
          public_id: newPublicId(),
          user_id: user.id,
          image_relation_id: body.image_relations_id,
          to_whom: body.to_whom ?? defaults.toWhom,
          greeting: body.greeting ?? defaults.greeting,
          from_whom: body.from_whom ?? defaults.fromWhom,
          background_first_page: body.background_first_page,
          background_greeting_page: body.background_greeting_page,
          energy: body.energy,
          created_at: at,
          updated_at: at,
        });
        if (g.energy > 0) await escrowGift(trx, g, at);
        await recordEvent(trx, at, 'greeting.created', { userId: user.id, greetingId: g.public_id });
        return read(trx, g.public_id, user);
      });
    },

    async update(user: AuthUser, publicId: string, body: z.output<typeof UpdateGreetingBody>): Promise<Greeting> {
      return db.transaction().execute(async (trx) => {
        const g = await ownGreeting(trx, user, publicId, 'edit');
        await repo.update(trx, g.id, body, now());
        return read(trx, publicId, user);
      });
    },

    async remove(user: AuthUser, publicId: string): Promise<{ success: true; refunded_energy: number }> {
      const refunded = await writeTx(deps, async (trx) => {
        const g = await ownGreeting(trx, user, publicId, 'delete');
        const energy = await refundGift(trx, g, now());
        await repo.remove(trx, g.id);
        return energy;
      });
      return { success: true, refunded_energy: refunded };
    },

    async acceptance(user: AuthUser, publicId: string): Promise<AcceptanceStatus> {
      const g = await repo.byPublicId(db, publicId);
      if (!g) throw notFound(GREETING_NOT_FOUND);
      const a = await repo.acceptance(db, g.id, user.id);
      return {
        is_accepted: !!a,
        accepted_at: a?.accepted_at ?? null,
        energy_received: a?.energy_received ?? 0,
        is_own: g.user_id === user.id,
        gift_claimed: g.gift_paid_to !== null,
      };
    },

    /**
     * Accepts a greeting into the caller's gifts. In one transaction: the acceptance row, the gift
     * (only if nobody has it yet), the ledger and the `greeting.accepted` event (notifications and
     * experience subscribe to it).
     */
    async accept(user: AuthUser, publicId: string): Promise<AcceptGreetingResult> {
      const at = now();
      return writeTx(deps, async (trx) => {
        const g = await repo.byPublicId(trx, publicId, { lock: true });
        if (!g) throw notFound(GREETING_NOT_FOUND);
        if (g.user_id === user.id) throw forbidden('You cannot accept your own greeting');

        const before = await repo.acceptance(trx, g.id, user.id);
        if (before) return { already_accepted: true, energy_received: 0, accepted: toAccepted(await repo.acceptedRow(trx, before.id)) };

        const paid = await payGift(trx, g, user.id, at);
        const row = await repo.insertAcceptance(trx, {
          greeting_id: g.id,
          user_id: user.id,
          to_whom: g.to_whom,
          greeting: g.greeting,
          from_whom: g.from_whom,
          energy_received: paid,
          accepted_at: at,
        });
        // only reachable if the same user races themselves; rolling back undoes the payment too
        if (!row) throw conflict('This greeting is already being accepted');

        await recordEvent(trx, at, 'greeting.accepted', {
          greetingId: g.public_id,
          senderId: g.user_id,
          acceptorId: user.id,
          acceptorName: (await repo.displayName(trx, user.id)) ?? null,
          toWhom: g.to_whom,
          fromWhom: g.from_whom,
          gift: paid,
        });
        return { already_accepted: false, energy_received: paid, accepted: toAccepted(await repo.acceptedRow(trx, row.id)) };
      });
    },

    async listCreated(user: AuthUser, q: { cursor?: string; limit: number }) {
      const rows = await repo.listCreated(db, user.id, decodeCursor(q.cursor), q.limit);
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
          image_relations_id: r.image_relation_id,
          ...rowMedia(r),
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
        (r): ReceivedGreeting => ({
          id: r.id,
          greeting_id: r.public_id,
          to_whom: r.to_whom,
          greeting: r.greeting,
          from_whom: r.from_whom,
          energy_received: r.energy_received,
          image_relations_id: r.image_relation_id,
          ...rowMedia(r),
          created_at: r.created_at,
          received_at: r.accepted_at,
          accepted_by:
            r.acceptor_username || [r.acceptor_first_name, r.acceptor_last_name].filter(Boolean).join(' ') || r.acceptor_login || null,
        }),
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
