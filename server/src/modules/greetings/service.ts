import crypto from 'node:crypto';
import type {
  AcceptanceStatus,
  AcceptGreetingResult,
  Greeting,
  GreetingBackground,
  GreetingPostcard,
  GreetingView,
  SealedGreeting,
} from '@otkrytka/contract';
import {
  type CreateGreetingBody,
  ErrorCode,
  GREETING_TRACKING,
  greetingDefaults,
  type UpdateGreetingBody,
} from '@otkrytka/contract';
import type { z } from 'zod';
import type { Queryable } from '../../db';
import { isUniqueViolation } from '../../db/errors';
import type { Deps } from '../../deps';
import { AppError, conflict, forbidden, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/routes';
import { iso } from '../../platform/clock';
import { greetingLinks } from '../../platform/greeting-links';
import { recordEvent, scheduleJob, writeTx } from '../../jobs/runner';
import { escrowGift, payGift, refundGift } from './gift';
import { cancelGroup, contributorIds, groupCards, groupView, payGroup, startGroup } from './group';
import { previewUrls, viewerSrcset } from '../uploads';
import { settingsRepo } from '../settings';
import { greetingLists, greetingRows, toReply } from './lists';
import { greetingReplies } from './replies';
import { greetingsRepo as repo } from './repo';
import { telegramGifts } from './telegram-gift';
import { pictureFooterOn, pictureUrl, readCaption, storedCaption, storedFooter } from './picture';
import {
  checkedTimezone,
  GREETING_NOT_FOUND,
  isCrawler,
  isHeld,
  isSealed,
  scheduledMoment,
  secondsUntilOpen,
  statusOf,
  takeoverKey,
  viewerKey,
} from './tracking';

/** 128 random bits, base64url: unguessable, and valid in links and Telegram start parameters. */
export const newPublicId = () => crypto.randomBytes(16).toString('base64url');

type DetailRow = NonNullable<Awaited<ReturnType<typeof repo.detail>>>;

/** Who is reading a greeting page: their address and browser, for counting opens. */
export interface GreetingClient {
  ip: string;
  userAgent: string | undefined;
}

/** One pending `greeting.opens` job per greeting: moving the moment moves the job. */
const opensJobKey = (greetingId: number) => `greeting.opens:${greetingId}`;

/** A greeting's life: create, read and count opens, edit, delete, accept (its lists and replies have files of their own). */
function greetingCore(deps: Deps) {
  const { db, storage } = deps;
  const { toAccepted } = greetingRows(deps);
  const now = () => iso(deps.clock.now());
  const telegramLink = greetingLinks(deps.config).telegram;
  const gifts = telegramGifts(deps);

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
    if (p.is_banned) throw new AppError(403, ErrorCode.POSTCARD_BANNED, 'This postcard was banned by moderation and cannot be sent');
  }

  function postcardMedia(g: DetailRow) {
    const hasPreview = g.postcard_has_preview === 1;
    const p = previewUrls(storage, g.postcard_storage_key, hasPreview);
    const facts = {
      storage_key: g.postcard_storage_key,
      media_kind: g.postcard_media_kind,
      width: g.postcard_width,
      height: g.postcard_height,
      renditions: g.postcard_renditions,
    };
    return {
      image_url: storage.url(g.postcard_storage_key),
      preview_78x101_url: p.small,
      preview_36_url: p.tiny,
      viewer_url: p.viewer,
      viewer_srcset: hasPreview ? viewerSrcset(storage, facts) : null,
    };
  }

  /** The postcard a greeting is made of; null once banned. */
  const postcardOf = (g: DetailRow): GreetingPostcard | null =>
    g.postcard_is_banned
      ? null
      : {
          id: g.image_relation_id,
          title: g.postcard_title,
          collection_id: g.postcard_collection_id,
          media_kind: g.postcard_media_kind,
          ...postcardMedia(g),
        };

  /** The envelope of a scheduled greeting before its moment: nothing of the postcard or the text. */
  const sealedView = (g: DetailRow, at: Date): SealedGreeting => ({
    id: g.public_id,
    sealed: true,
    status: 'scheduled',
    to_whom: g.to_whom,
    background_first_page: g.background_first_page as GreetingBackground,
    background_greeting_page: g.background_greeting_page as GreetingBackground,
    opens_at: g.opens_at!,
    opens_tz: g.opens_tz,
    seconds_until_open: secondsUntilOpen(g, at) ?? 0,
    is_own: false,
  });

  /**
   * The whole greeting: for its sender at any time, for anyone else once it is open. Only the
   * sender sees how it was received (opens, acceptance, replies); anyone else sees it as open, or
   * as accepted with the time when they accepted it themselves (docs/PRODUCT-RULES.md, greetings).
   */
  async function present(q: Queryable, g: DetailRow, user: AuthUser | null, at: Date): Promise<Greeting> {
    const own = user?.id === g.user_id;
    const replies = own || user ? await repo.repliesOf(q, [g.id]) : [];
    const mine = user && !own ? replies.find((r) => r.user_id === user.id) : undefined;
    const myAcceptance = user && !own ? ((await repo.acceptance(q, g.id, user.id))?.accepted_at ?? null) : null;
    return {
      id: g.public_id,
      sealed: false,
      status: own ? statusOf(g, at) : myAcceptance ? 'accepted' : 'opened',
      opens_at: g.opens_at,
      opens_tz: g.opens_tz,
      seconds_until_open: secondsUntilOpen(g, at),
      opened_at: own ? g.opened_at : null,
      open_count: own ? g.open_count : null,
      accepted_at: own ? g.accepted_at : myAcceptance,
      reply: mine ? toReply(mine) : null,
      replies: own ? replies.map(toReply) : [],
      to_whom: g.to_whom,
      greeting: g.greeting,
      from_whom: g.from_whom,
      background_first_page: g.background_first_page as GreetingBackground,
      background_greeting_page: g.background_greeting_page as GreetingBackground,
      energy: g.energy,
      gift_claimed: g.gift_paid_to !== null,
      is_own: user?.id === g.user_id,
      caption: readCaption(g.caption),
      picture_footer: pictureFooterOn(g),
      picture_url: g.postcard_is_banned ? null : pictureUrl(g, g.postcard_storage_key),
      image_relations_id: g.image_relation_id,
      postcard: postcardOf(g),
      channel: { id: g.postcard_collection_id, name: g.channel_name },
      telegram_url: telegramLink(g.public_id),
      group: await groupView(q, g, user),
      telegram_gift: await gifts.view(q, g, user),
      created_at: g.created_at,
      updated_at: g.updated_at,
    };
  }

  async function read(q: Queryable, publicId: string, user: AuthUser | null): Promise<Greeting> {
    const g = await repo.detail(q, publicId);
    if (!g) throw notFound(GREETING_NOT_FOUND);
    return present(q, g, user, deps.clock.now());
  }

  /**
   * Counts an open of an open greeting by anyone but its sender, unless a crawler fetches it or the
   * same viewer was counted within the last 30 minutes; the first open records `greeting.opened`.
   * A user whose browser opened it signed out within the window is that same viewer: the recipient
   * who signs in to accept. Only one user takes over a browser's open, so a second person signing in
   * on the same browser (or one looking the same: one address, one user agent) is a second open;
   * the browser's own repeats stay one.
   */
  async function countOpen(g: DetailRow, user: AuthUser | null, client: GreetingClient, at: Date): Promise<boolean> {
    if (isCrawler(client.userAgent)) return false;
    const atIso = iso(at);
    const cutoff = iso(new Date(at.getTime() - GREETING_TRACKING.repeatOpenWindowMs));
    return writeTx(deps, async (trx) => {
      if (!(await repo.countViewerOpen(trx, g.id, viewerKey(user, client), atIso, cutoff))) return false;
      if (user) {
        // the browser's signed-out open, once: the first user to sign in on it takes it over (a
        // claim kept beside it, counted like an open so two at once cannot both take it)
        const browser = viewerKey(null, client);
        if ((await repo.openedSince(trx, g.id, browser, cutoff)) && (await repo.countViewerOpen(trx, g.id, takeoverKey(browser), atIso, cutoff))) return false;
      }
      if (await repo.addOpen(trx, g.id, atIso)) {
        await recordEvent(trx, atIso, 'greeting.opened', { greetingId: g.public_id, senderId: g.user_id, toWhom: g.to_whom });
        // a group card's contributors hear of it too (docs/PRODUCT-RULES.md, group cards)
        const contributors = (await contributorIds(trx, g.id)).filter((id) => id !== user?.id);
        if (contributors.length > 0) await recordEvent(trx, atIso, 'group.opened', { greetingId: g.public_id, toWhom: g.to_whom, contributorIds: contributors });
      }
      return true;
    });
  }

  /** `opens_at`/`opens_tz` of a create or edit body, checked against the server clock. */
  function schedule(body: { opens_at?: string | null; opens_tz?: string | null }, at: Date) {
    return {
      opens_at: body.opens_at ? scheduledMoment(body.opens_at, at) : null,
      opens_tz: body.opens_at && body.opens_tz ? checkedTimezone(body.opens_tz) : null,
    };
  }

  return {
    postcardOf,
    /** The greeting page's read: the envelope only while sealed (for anyone but the sender). Counts nothing. */
    async get(publicId: string, user: AuthUser | null): Promise<GreetingView> {
      const at = deps.clock.now();
      const g = await repo.detail(db, publicId);
      if (!g) throw notFound(GREETING_NOT_FOUND);
      if (user?.id === g.user_id) return present(db, g, user, at);
      if (isHeld(g)) throw notFound(GREETING_NOT_FOUND);
      if (isSealed(g, at)) return sealedView(g, at);
      return present(db, g, user, at);
    },

    /**
     * An open, as the greeting page's script reports it once the greeting is on screen: a bare read
     * of the API (a preview fetcher, a script) counts nothing. A sealed greeting's envelope is no
     * open; the sender's own views are none either.
     */
    async open(publicId: string, user: AuthUser | null, client: GreetingClient): Promise<{ success: true; counted: boolean }> {
      const at = deps.clock.now();
      const g = await repo.detail(db, publicId);
      if (!g) throw notFound(GREETING_NOT_FOUND);
      if (user?.id === g.user_id || isSealed(g, at)) return { success: true, counted: false };
      return { success: true, counted: await countOpen(g, user, client, at) };
    },

    async create(user: AuthUser, body: z.output<typeof CreateGreetingBody>): Promise<Greeting> {
      const clockNow = deps.clock.now();
      const at = iso(clockNow);
      const planned = schedule(body, clockNow);
      const attempt = body.idempotency_key;
      // the same attempt again (a double tap, a retry): the greeting it made, charged once
      const madeBy = async (q: Queryable) => {
        const made = attempt ? await repo.byIdempotencyKey(q, user.id, attempt) : undefined;
        return made && read(q, made.public_id, user);
      };
      // a Telegram sign-in and the gift on offer, asked before the transaction (Telegram's list may need fetching)
      if (body.telegram_gift_id) await gifts.check(body.telegram_gift_id, user);
      let made: Greeting;
      try {
        made = await writeTx(deps, async (trx) => (await madeBy(trx)) ?? insert(trx));
      } catch (e) {
        // two copies raced past the check; the unique index let one through
        const again = attempt && isUniqueViolation(e) ? await madeBy(db) : undefined;
        if (again) return again;
        throw e;
      }
      if (body.telegram_gift_id && made.telegram_gift?.state === 'created' && !made.telegram_gift.invoice_url) {
        // the invoice is asked of Telegram after the commit, never inside a transaction
        const g = await repo.byPublicId(db, made.id);
        if (g) await gifts.invoice(g);
        return read(db, made.id, user);
      }
      return made;

      async function insert(trx: Queryable): Promise<Greeting> {
        await assertPostcardUsable(trx, body.image_relations_id, user.id);
        // a skipped text gets the default in the creator's language (their saved setting; Russian otherwise);
        // a skipped signature is the sender's display name, so the recipient knows who sent it
        const defaults = greetingDefaults(await settingsRepo.language(trx, user.id));
        const fromWhom = body.from_whom ?? (await repo.displayName(trx, user.id)) ?? defaults.fromWhom;
        const g = await repo.insert(trx, {
          public_id: newPublicId(),
          user_id: user.id,
          image_relation_id: body.image_relations_id,
          to_whom: body.to_whom ?? defaults.toWhom,
          greeting: body.greeting ?? defaults.greeting,
          from_whom: fromWhom,
          background_first_page: body.background_first_page,
          background_greeting_page: body.background_greeting_page,
          energy: body.energy,
          ...planned,
          caption: storedCaption(body.caption),
          picture_footer: storedFooter(body.picture_footer),
          idempotency_key: attempt ?? null,
          // a group card is held from its recipient until it is delivered
          ...(body.group ? { held_for: 'group' } : {}),
          created_at: at,
          updated_at: at,
        });
        if (g.energy > 0) await escrowGift(trx, g, at);
        if (body.group) await startGroup(trx, g.id, at);
        if (body.telegram_gift_id) await gifts.order(trx, g, body.telegram_gift_id, user);
        if (planned.opens_at) {
          await scheduleJob(trx, at, 'greeting.opens', planned.opens_at, { greetingId: g.id, opensAt: planned.opens_at }, opensJobKey(g.id));
        }
        await recordEvent(trx, at, 'greeting.created', { userId: user.id, greetingId: g.public_id });
        return read(trx, g.public_id, user);
      }
    },

    /**
     * The sender edits their greeting. `opens_at` moves (or, null, cancels) the moment of a
     * scheduled greeting, only while it is still sealed; the pending job moves with it, and a job
     * left behind finds the moment changed and does nothing.
     */
    async update(user: AuthUser, publicId: string, body: z.output<typeof UpdateGreetingBody>): Promise<Greeting> {
      const clockNow = deps.clock.now();
      const at = iso(clockNow);
      const { opens_at, opens_tz, caption, picture_footer, ...texts } = body;
      const picture = {
        ...(caption !== undefined ? { caption: storedCaption(caption) } : {}),
        ...(picture_footer !== undefined ? { picture_footer: storedFooter(picture_footer) } : {}),
      };
      const reschedule = opens_at !== undefined || opens_tz !== undefined;
      return writeTx(deps, async (trx) => {
        const g = await ownGreeting(trx, user, publicId, 'edit');
        if (reschedule && !isSealed(g, clockNow)) {
          throw conflict('This greeting is already open: its date can no longer change', ErrorCode.GREETING_ALREADY_OPEN);
        }
        const planned =
          opens_at !== undefined
            ? schedule({ opens_at, opens_tz: opens_tz === undefined ? g.opens_tz : opens_tz }, clockNow)
            : opens_tz !== undefined
              ? { opens_tz: opens_tz ? checkedTimezone(opens_tz) : null }
              : {};
        await repo.update(trx, g.id, { ...texts, ...planned, ...picture }, at);
        if ('opens_at' in planned && planned.opens_at) {
          const moment = planned.opens_at;
          await scheduleJob(trx, at, 'greeting.opens', moment, { greetingId: g.id, opensAt: moment }, opensJobKey(g.id));
        }
        return read(trx, publicId, user);
      });
    },

    async remove(user: AuthUser, publicId: string): Promise<{ success: true; refunded_energy: number }> {
      const refunded = await writeTx(deps, async (trx) => {
        const g = await ownGreeting(trx, user, publicId, 'delete');
        const energy = await refundGift(trx, g, now());
        await cancelGroup(trx, g, now());
        await gifts.cancel(trx, g, now());
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
        if (isHeld(g)) throw notFound(GREETING_NOT_FOUND);
        if (isSealed(g, deps.clock.now())) {
          throw conflict('This greeting opens later: it cannot be accepted before its moment', ErrorCode.GREETING_NOT_OPEN_YET);
        }

        const before = await repo.acceptance(trx, g.id, user.id);
        if (before) return { already_accepted: true, energy_received: 0, accepted: toAccepted(await repo.acceptedRow(trx, before.id)) };

        const acceptorName = (await repo.displayName(trx, user.id)) ?? null;
        // a group card's contributions are paid in the same transaction, each once (docs/PRODUCT-RULES.md, group cards)
        const paid = (await payGift(trx, g, user.id, at)) + (await payGroup(trx, g, user.id, acceptorName, at));
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
        await repo.markAccepted(trx, g.id, at);
        await gifts.deliver(trx, g, user.id, at);

        await recordEvent(trx, at, 'greeting.accepted', {
          greetingId: g.public_id,
          senderId: g.user_id,
          acceptorId: user.id,
          acceptorName,
          toWhom: g.to_whom,
          fromWhom: g.from_whom,
          gift: paid,
        });
        return { already_accepted: false, energy_received: paid, accepted: toAccepted(await repo.acceptedRow(trx, row.id)) };
      });
    },

  };
}

/** Everything the greetings routes call. */
export function greetingsService(deps: Deps) {
  const core = greetingCore(deps);
  return { ...core, ...greetingReplies(deps), ...greetingLists(deps), ...groupCards(deps, core) };
}
