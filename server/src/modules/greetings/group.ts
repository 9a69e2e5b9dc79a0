import crypto from 'node:crypto';
import type {
  Contribution,
  ContributionBody,
  GreetingBackground,
  GreetingGroup,
  GreetingPostcard,
  GroupContributions,
  GroupJoin,
  GroupNote,
  ReportContributionBody,
  ReportedContributions,
  SignedGreeting,
  UpdateContributionBody,
} from '@otkrytka/contract';
import { ErrorCode, GROUP_GREETING } from '@otkrytka/contract';
import type { z } from 'zod';
import type { Queryable } from '../../db';
import type { Deps } from '../../deps';
import { AppError, conflict, forbidden, notConfigured, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/routes';
import { cancelJob, recordEvent, scheduleJob, writeTx } from '../../jobs/runner';
import { botApi } from '../../platform/bot';
import { iso } from '../../platform/clock';
import { settingsRepo } from '../settings';
import { displayName } from '../auth';
import { escrowContribution, payContributions, refundContribution, refundContributions } from './group-gift';
import { type ContributionRow, groupRepo } from './group-repo';
import { decodeCursor, encodeCursor, greetingRows } from './lists';
import { readCaption } from './picture';
import { greetingsRepo as repo } from './repo';
import { GREETING_NOT_FOUND, isHeld, statusOf } from './tracking';

/**
 * Group cards (docs/PRODUCT-RULES.md, group cards): one organiser (the greeting's sender), many
 * contributions, one card held from its recipient until delivery, one gift paid once. Every write
 * locks the greeting's row first (PostgreSQL; SQLite has one writer), then balances: the same
 * order as accepting, so a contribution, a withdrawal, an expiry and an acceptance of one card run
 * one after another.
 */

/** 128 random bits, base64url: the invite of `/greeting/{id}/join/{invite}`. */
export const newInvite = () => crypto.randomBytes(16).toString('base64url');

/** The invite as a Telegram message, in the organiser's language (the join link's own preview says the same). */
const INVITE_MESSAGE = {
  ru: { text: (to: string) => `Подпишите открытку для ${to}`, button: '✍️ Подписать открытку' },
  en: { text: (to: string) => `Sign the card for ${to}`, button: '✍️ Sign the card' },
} as const;

const INVITE_INVALID = () => new AppError(404, ErrorCode.INVITE_INVALID, 'This invite is wrong or was replaced by a new one');
const CONTRIBUTION_NOT_FOUND = 'Contribution not found';
const DAY_MS = 86_400_000;
const expireJobKey = (greetingId: number) => `group.expire:${greetingId}`;

type GreetingRow = NonNullable<Awaited<ReturnType<typeof repo.byPublicId>>>;
type GroupRow = NonNullable<Awaited<ReturnType<typeof groupRepo.groupOf>>>;

/** Compares an invite in constant time (the token is a secret). */
function sameInvite(given: string | undefined, stored: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

type Settled = { energy: number; gift_settled_to: number | null; gift_refunded: number };
const giftGone = (c: Settled) => c.energy > 0 && c.gift_refunded === 1;
const giftState = (c: Settled) =>
  c.energy <= 0 ? ('none' as const) : c.gift_settled_to === null ? ('held' as const) : giftGone(c) ? ('refunded' as const) : ('paid' as const);

const toNote = (c: ContributionRow): GroupNote => ({ id: c.id, from_whom: c.from_whom, message: c.message, created_at: c.created_at });

/** The whole gift of a card and how many gave: the organiser's own plus each contribution not given back. */
function totals(g: { energy: number }, list: ContributionRow[]) {
  const giving = list.filter((c) => c.energy > 0 && !giftGone(c));
  return {
    gift_total: g.energy + giving.reduce((s, c) => s + c.energy, 0),
    givers: (g.energy > 0 ? 1 : 0) + giving.length,
  };
}

function toContribution(c: ContributionRow, publicId: string, viewer: { id: number } | null, organiser: boolean): Contribution {
  const own = viewer?.id === c.user_id;
  const seesGift = own || organiser;
  return {
    id: c.id,
    greeting_id: publicId,
    from_whom: c.from_whom,
    message: c.message,
    energy: seesGift ? c.energy : null,
    gift_state: seesGift ? giftState(c) : null,
    author: seesGift ? displayName(c) : null,
    is_own: own,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

/** What `Greeting.group` says: everything to the organiser; to anyone else (only once delivered) the board and the total. */
export async function groupView(q: Queryable, g: { id: number; user_id: number; energy: number }, user: AuthUser | null): Promise<GreetingGroup | null> {
  const group = await groupRepo.groupOf(q, g.id);
  if (!group) return null;
  const own = user?.id === g.user_id;
  const list = await groupRepo.contributions(q, g.id);
  const delivered = group.delivered_at !== null;
  const t = totals(g, list);
  return {
    invite: own ? group.invite : null,
    signed_count: list.length,
    delivered_at: group.delivered_at,
    notes: own || delivered ? list.map(toNote) : [],
    gift_total: own || delivered ? t.gift_total : null,
    givers: own || delivered ? t.givers : null,
    expired: own ? group.expired_at !== null : false,
  };
}

/** Makes a new greeting a group card: held from its recipient, with its first invite. */
export async function startGroup(trx: Queryable, greetingId: number, at: string): Promise<void> {
  await groupRepo.insertGroup(trx, greetingId, newInvite(), at);
}

/** The durable job that gives the contributions' gifts back if nobody accepts the card in time. */
async function scheduleExpiry(trx: Queryable, greetingId: number, deliveredAt: string, at: string) {
  const runAt = new Date(Date.parse(deliveredAt) + GROUP_GREETING.expireAfterDays * DAY_MS).toISOString();
  await scheduleJob(trx, at, 'group.expire', runAt, { greetingId }, expireJobKey(greetingId));
}

/** Delivers a held group card at `at` (by hand, or at its moment): released to its recipient, its 30 days start. */
export async function deliverGroup(trx: Queryable, greetingId: number, at: string): Promise<boolean> {
  if (!(await groupRepo.deliver(trx, greetingId, at))) return false;
  await scheduleExpiry(trx, greetingId, at, at);
  return true;
}

/** The contributors of a card (each told of its opening, acceptance and replies). */
export async function contributorIds(q: Queryable, greetingId: number): Promise<number[]> {
  return (await groupRepo.contributions(q, greetingId)).map((c) => c.user_id);
}

/**
 * Accepting a group card, inside the acceptance's transaction: every contribution's held gift goes
 * to the acceptor, and each contributor will hear of it. Answers the energy paid (0 when not a group card).
 */
export async function payGroup(trx: Queryable, g: { id: number; public_id: string; to_whom: string }, acceptorId: number, acceptorName: string | null, at: string): Promise<number> {
  if (!(await groupRepo.groupOf(trx, g.id))) return 0;
  const { total, paid } = await payContributions(trx, g.id, acceptorId, at);
  const told = paid.filter((c) => c.userId !== acceptorId);
  if (told.length > 0) await recordEvent(trx, at, 'group.accepted', { greetingId: g.public_id, toWhom: g.to_whom, acceptorName, contributors: told });
  return total;
}

/** The organiser cancels (deletes) the card: every held gift goes back once, each contributor is told. */
export async function cancelGroup(trx: Queryable, g: { id: number; public_id: string; to_whom: string }, at: string): Promise<void> {
  if (!(await groupRepo.groupOf(trx, g.id))) return;
  const refunds = await refundContributions(trx, g.id, at);
  await cancelJob(trx, at, expireJobKey(g.id));
  if (refunds.length > 0) await recordEvent(trx, at, 'group.refunded', { greetingId: g.public_id, toWhom: g.to_whom, why: 'cancelled', refunds });
}

/** The expiry job: a delivered card nobody accepted in time gives every held contribution back (once). */
export async function expireGroup(trx: Queryable, greetingId: number, at: string): Promise<void> {
  const found = await repo.byId(trx, greetingId);
  // locked as an acceptance locks it, then read again: an acceptance that came first wins
  const g = found && (await repo.byPublicId(trx, found.public_id, { lock: true }));
  if (!g || g.accepted_at || !(await groupRepo.expire(trx, greetingId, at))) return;
  const refunds = await refundContributions(trx, greetingId, at);
  if (refunds.length > 0) await recordEvent(trx, at, 'group.refunded', { greetingId: g.public_id, toWhom: g.to_whom, why: 'expired', refunds });
}


/** The routes of group cards: invite, join page, contributions, delivery, the signed list, reports. */
type DetailRow = NonNullable<Awaited<ReturnType<typeof repo.detail>>>;

export function groupCards(deps: Deps, media: { postcardOf: (g: DetailRow) => GreetingPostcard | null }) {
  const { db } = deps;
  const { rowMedia } = greetingRows(deps);
  const now = () => iso(deps.clock.now());

  /**
   * The greeting and its group (locked for a write); 404 when either is missing. With `viewer`: a
   * held card does not exist for anyone but its organiser and its contributors either.
   */
  async function groupCard(trx: Queryable, publicId: string, opts: { lock?: boolean; viewer?: AuthUser } = {}): Promise<{ g: GreetingRow; group: GroupRow }> {
    const g = await repo.byPublicId(trx, publicId, opts);
    if (!g) throw notFound(GREETING_NOT_FOUND);
    const v = opts.viewer;
    if (v && isHeld(g) && g.user_id !== v.id && !(await groupRepo.contributionOf(trx, g.id, v.id))) throw notFound(GREETING_NOT_FOUND);
    const group = await groupRepo.groupOf(trx, g.id);
    if (!group) {
      // a held greeting of another kind does not exist for anyone but its sender
      if (isHeld(g)) throw notFound(GREETING_NOT_FOUND);
      throw conflict('This greeting is not a group card', ErrorCode.NOT_A_GROUP_GREETING);
    }
    return { g, group };
  }

  /** Refuses anyone but the organiser: a held card does not exist for them (404), a delivered one is not theirs (403). */
  function organiserOnly(g: GreetingRow, user: AuthUser, action: string) {
    if (g.user_id === user.id) return;
    if (isHeld(g)) throw notFound(GREETING_NOT_FOUND);
    throw forbidden(`Only the organiser can ${action}`);
  }

  const notDelivered = (group: GroupRow) => {
    if (group.delivered_at !== null) throw conflict('This card was delivered: its signatures can no longer change', ErrorCode.GROUP_DELIVERED);
  };

  /** A contribution of this card, or 404. */
  async function contributionOn(trx: Queryable, g: GreetingRow, id: number) {
    const c = await groupRepo.contribution(trx, id);
    if (!c || c.greeting_id !== g.id) throw notFound(CONTRIBUTION_NOT_FOUND);
    return c;
  }

  return {
    async newInvite(user: AuthUser, publicId: string) {
      return writeTx(deps, async (trx) => {
        const { g } = await groupCard(trx, publicId, { lock: true, viewer: user });
        organiserOnly(g, user, 'replace the invite');
        const invite = newInvite();
        await groupRepo.setInvite(trx, g.id, invite);
        return { invite, path: `/greeting/${g.public_id}/join/${invite}` };
      });
    },

    /**
     * The invite as a prepared Telegram message (Bot API savePreparedInlineMessage) for the Mini
     * App's shareMessage: the join link's picture, «Подпишите открытку для …», a button to the join page.
     */
    async inviteTelegramMessage(user: AuthUser, publicId: string) {
      const { g, group } = await groupCard(db, publicId, { viewer: user });
      organiserOnly(g, user, 'share the invite');
      notDelivered(group);
      const { config } = deps;
      if (!config.botToken) throw notConfigured('Sending into Telegram is not configured on this server (BOT_TOKEN is not set)');
      const telegramId = await groupRepo.telegramIdOf(db, user.id);
      if (!telegramId) throw conflict('This account is not signed in with Telegram', ErrorCode.TELEGRAM_NOT_LINKED);
      const lang = await settingsRepo.language(db, user.id);
      const words = INVITE_MESSAGE[lang === 'en' ? 'en' : 'ru'];
      const link = `${config.publicUrl}/greeting/${g.public_id}/join/${group.invite}`;
      const picture = (variant: string) => `${config.publicUrl}/og/join/${g.public_id}~${group.invite}/${variant}.jpg?lang=${lang}`;
      try {
        const prepared = await botApi(config).savePreparedInlineMessage(
          Number(telegramId),
          {
            type: 'photo',
            // inline result ids are 1–64 bytes
            id: `join_${g.public_id}`.slice(0, 64),
            photo_url: picture('wide'),
            thumbnail_url: picture('square'),
            photo_width: 1200,
            photo_height: 630,
            title: words.text(g.to_whom),
            caption: words.text(g.to_whom),
            reply_markup: { inline_keyboard: [[{ text: words.button, url: link }]] },
          },
          { allow_user_chats: true, allow_group_chats: true, allow_channel_chats: false, allow_bot_chats: false },
        );
        return { prepared_message_id: prepared.id, link };
      } catch (e) {
        deps.log.warn({ err: e }, 'savePreparedInlineMessage failed');
        throw new AppError(502, ErrorCode.TELEGRAM_UNAVAILABLE, 'Telegram did not accept the message; share the link instead');
      }
    },

    async join(user: AuthUser | null, publicId: string, invite: string): Promise<GroupJoin> {
      const g = await repo.detail(db, publicId);
      if (!g) throw notFound(GREETING_NOT_FOUND);
      const group = await groupRepo.groupOf(db, g.id);
      if (!group || !sameInvite(invite, group.invite)) throw INVITE_INVALID();
      const list = await groupRepo.contributions(db, g.id);
      const organiser = user?.id === g.user_id;
      const mine = user ? list.find((c) => c.user_id === user.id) : undefined;
      const delivered = group.delivered_at !== null;
      return {
        greeting_id: g.public_id,
        status: statusOf(g, deps.clock.now()),
        to_whom: g.to_whom,
        greeting: g.greeting,
        from_whom: g.from_whom,
        background_first_page: g.background_first_page as GreetingBackground,
        background_greeting_page: g.background_greeting_page as GreetingBackground,
        caption: readCaption(g.caption),
        picture_url: null,
        postcard: media.postcardOf(g),
        opens_at: g.opens_at,
        opens_tz: g.opens_tz,
        delivered_at: group.delivered_at,
        signed_count: list.length,
        max_contributions: GROUP_GREETING.maxContributions,
        notes: list.filter((c) => c !== mine).map(toNote),
        mine: mine ? toContribution(mine, g.public_id, user, organiser) : null,
        is_organiser: organiser,
        can_contribute: !!user && !organiser && !mine && !delivered && list.length < GROUP_GREETING.maxContributions,
      };
    },

    async contributions(user: AuthUser, publicId: string): Promise<GroupContributions> {
      const { g } = await groupCard(db, publicId, { viewer: user });
      const organiser = g.user_id === user.id;
      const list = await groupRepo.contributions(db, g.id);
      if (!organiser && !list.some((c) => c.user_id === user.id)) {
        if (isHeld(g)) throw notFound(GREETING_NOT_FOUND);
        throw forbidden('Only the organiser and the contributors see the contributions');
      }
      const t = totals(g, list);
      return {
        items: list.map((c) => toContribution(c, g.public_id, user, organiser)),
        signed_count: list.length,
        gift_total: organiser ? t.gift_total : null,
        givers: organiser ? t.givers : null,
      };
    },

    async contribute(user: AuthUser, publicId: string, body: z.output<typeof ContributionBody>): Promise<Contribution> {
      const at = now();
      return writeTx(deps, async (trx) => {
        const { g, group } = await groupCard(trx, publicId, { lock: true });
        if (!sameInvite(body.invite, group.invite)) throw INVITE_INVALID();
        if (g.user_id === user.id) throw forbidden('The organiser writes the card itself, not a contribution');
        notDelivered(group);
        if (await groupRepo.contributionOf(trx, g.id, user.id)) {
          throw conflict('You have signed this card already: edit your contribution instead', ErrorCode.ALREADY_CONTRIBUTED);
        }
        if ((await groupRepo.count(trx, g.id)) >= GROUP_GREETING.maxContributions) {
          throw conflict(`A card holds at most ${GROUP_GREETING.maxContributions} contributions`, ErrorCode.GROUP_FULL);
        }
        const fromWhom = body.from_whom ?? (await repo.displayName(trx, user.id)) ?? '—';
        const row = await groupRepo.insert(trx, {
          greeting_id: g.id,
          user_id: user.id,
          from_whom: fromWhom.slice(0, GROUP_GREETING.fromWhomMax),
          message: body.message,
          energy: body.energy,
          created_at: at,
          updated_at: at,
        });
        if (!row) throw conflict('You have signed this card already', ErrorCode.ALREADY_CONTRIBUTED);
        await escrowContribution(trx, { id: row.id, user_id: user.id }, body.energy, at);
        return toContribution((await groupRepo.contribution(trx, row.id))!, g.public_id, user, false);
      });
    },

    async updateContribution(user: AuthUser, publicId: string, id: number, body: z.output<typeof UpdateContributionBody>): Promise<Contribution> {
      const at = now();
      return writeTx(deps, async (trx) => {
        const { g, group } = await groupCard(trx, publicId, { lock: true, viewer: user });
        const c = await contributionOn(trx, g, id);
        if (c.user_id !== user.id) throw forbidden('Only its author can edit a contribution');
        notDelivered(group);
        const { invite: _invite, ...patch } = body;
        if (patch.energy !== undefined && patch.energy !== c.energy) {
          // held until delivery, so nothing is settled yet: only the difference moves
          await escrowContribution(trx, c, patch.energy - c.energy, at);
        }
        await groupRepo.update(trx, c.id, patch, at);
        return toContribution((await groupRepo.contribution(trx, c.id))!, g.public_id, user, g.user_id === user.id);
      });
    },

    /** The author withdraws their contribution, or the organiser removes anyone's (its author is told); the gift goes back. */
    async removeContribution(user: AuthUser, publicId: string, id: number) {
      const at = now();
      return writeTx(deps, async (trx) => {
        const { g, group } = await groupCard(trx, publicId, { lock: true, viewer: user });
        const c = await contributionOn(trx, g, id);
        const own = c.user_id === user.id;
        if (!own && g.user_id !== user.id) throw forbidden('Only its author or the organiser can remove a contribution');
        notDelivered(group);
        const refunded = await refundContribution(trx, c, at);
        await groupRepo.remove(trx, c.id);
        if (!own) {
          await recordEvent(trx, at, 'group.contribution_removed', { userId: c.user_id, greetingId: g.public_id, toWhom: g.to_whom, gift: refunded, by: 'organiser' });
        }
        return { success: true as const, refunded_energy: refunded };
      });
    },

    /** «Отправить»: the organiser delivers the card now (a moment set before is dropped). */
    async deliver(user: AuthUser, publicId: string) {
      const at = now();
      await writeTx(deps, async (trx) => {
        const { g, group } = await groupCard(trx, publicId, { lock: true, viewer: user });
        organiserOnly(g, user, 'deliver this card');
        notDelivered(group);
        if (g.opens_at) await repo.update(trx, g.id, { opens_at: null, opens_tz: null }, at);
        await deliverGroup(trx, g.id, at);
      });
    },

    /** «Подписанные»: the cards I signed, newest signature first, each with its status. */
    async listSigned(user: AuthUser, q: { cursor?: string; limit: number }) {
      const at = deps.clock.now();
      const rows = await groupRepo.signedBy(db, user.id, decodeCursor(q.cursor), q.limit);
      const last = rows.length === q.limit ? rows[rows.length - 1] : undefined;
      return {
        items: rows.map(
          (r): SignedGreeting => ({
            id: r.id,
            greeting_id: r.public_id,
            to_whom: r.to_whom,
            organiser: r.organiser,
            status: statusOf(r, at),
            from_whom: r.from_whom,
            message: r.message,
            energy: r.energy,
            gift_state: giftState(r),
            image_relations_id: r.image_relation_id,
            ...rowMedia(r),
            signed_at: r.created_at,
            delivered_at: r.delivered_at,
            accepted_at: r.accepted_at,
            // a signer is one of the card's people: the current invite, even after the organiser renewed it
            join_path: r.delivered_at ? null : `/greeting/${r.public_id}/join/${r.invite}`,
          }),
        ),
        next_cursor: last ? encodeCursor({ at: last.created_at, id: last.id }) : null,
      };
    },

    /**
     * A report about a note: whoever may see it may report it — the organiser, a contributor, an
     * invite holder, or anyone once the card is delivered. Anyone else finds nothing (404).
     */
    async report(user: AuthUser | null, publicId: string, id: number, body: z.output<typeof ReportContributionBody>) {
      const g = await repo.byPublicId(db, publicId);
      if (!g) throw notFound(GREETING_NOT_FOUND);
      const group = await groupRepo.groupOf(db, g.id);
      const c = group ? await groupRepo.contribution(db, id) : undefined;
      if (!group || !c || c.greeting_id !== g.id) throw notFound(CONTRIBUTION_NOT_FOUND);
      const maysee =
        group.delivered_at !== null ||
        user?.id === g.user_id ||
        sameInvite(body.invite, group.invite) ||
        (!!user && !!(await groupRepo.contributionOf(db, g.id, user.id)));
      if (!maysee) throw notFound(CONTRIBUTION_NOT_FOUND);
      const comment = body.reason === 'other' ? body.comment?.trim() || null : null;
      const reportId = await groupRepo.insertReport(db, { contribution_id: c.id, user_id: user?.id ?? null, reason: body.reason, comment, created_at: now() });
      return { success: true as const, id: reportId };
    },

    async reported(q: { offset: number; limit: number }): Promise<ReportedContributions> {
      const { rows, total } = await groupRepo.reported(db, q.offset, q.limit);
      const reports = await groupRepo.openReportsOf(
        db,
        rows.map((r) => r.id),
      );
      return {
        total,
        items: rows.map((r) => {
          const mine = reports.filter((x) => x.contribution_id === r.id);
          const reasons = new Map<string, number>();
          for (const x of mine) reasons.set(x.reason, (reasons.get(x.reason) ?? 0) + 1);
          return {
            contribution: {
              id: r.id,
              greeting_id: r.public_id,
              from_whom: r.from_whom,
              message: r.message,
              energy: r.energy,
              author: displayName(r),
              author_id: r.user_id,
              created_at: r.created_at,
            },
            to_whom: r.to_whom,
            reports_count: Number(r.n),
            reasons: [...reasons].map(([reason, count]) => ({ reason, count })),
            comments: mine.filter((x) => x.comment).map((x) => ({ comment: x.comment!, created_at: x.created_at })),
            first_reported_at: String(r.first_at),
            last_reported_at: String(r.last_at),
          };
        }),
      };
    },

    /** The moderator removes a note (its held gift goes back, its author is told); its reports are resolved with it. */
    async moderatorRemove(id: number) {
      const at = now();
      return writeTx(deps, async (trx) => {
        const found = await groupRepo.contribution(trx, id);
        if (!found) throw notFound(CONTRIBUTION_NOT_FOUND);
        const g = await repo.byId(trx, found.greeting_id);
        if (!g) throw notFound(CONTRIBUTION_NOT_FOUND);
        await repo.byPublicId(trx, g.public_id, { lock: true });
        const c = await groupRepo.contribution(trx, id);
        if (!c) throw notFound(CONTRIBUTION_NOT_FOUND);
        const resolved = await groupRepo.resolveReports(trx, c.id, at);
        const refunded = await refundContribution(trx, c, at);
        await groupRepo.remove(trx, c.id);
        await recordEvent(trx, at, 'group.contribution_removed', { userId: c.user_id, greetingId: g.public_id, toWhom: g.to_whom, gift: refunded, by: 'moderator' });
        return { success: true as const, refunded_energy: refunded, reports_resolved: resolved };
      });
    },

    /** The moderator keeps a reported note: its open reports are resolved. */
    async dismissReports(id: number) {
      const c = await groupRepo.contribution(db, id);
      if (!c) throw notFound(CONTRIBUTION_NOT_FOUND);
      return { success: true as const, reports_resolved: await groupRepo.resolveReports(db, id, now()) };
    },
  };
}
