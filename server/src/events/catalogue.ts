import type { NotificationTemplate, NotificationType } from '@otkrytka/contract';

/** What a notification offers to do: `open_greeting` {greeting_id, path}, `open_tab` {tab}, … */
export interface NoticeAction {
  action_type: string;
  is_primary: boolean;
  action_params?: { greeting_id?: string; tab?: string; [k: string]: unknown };
}

/** A notification to store for a user: a contract template with its typed params, and its actions. */
export interface Notice {
  userId: number;
  template: NotificationTemplate;
  actions?: NoticeAction[];
  bgColor?: string;
  color?: string;
}

/**
 * Every domain event and every scheduled job type, with its payload (docs/ARCHITECTURE.md, events
 * and jobs). A service records events in its own transaction (`recordEvent`); subscribers
 * registered with `deps.jobs.on(type, name, handler)` run after commit. A new cross-module effect
 * is one entry here plus one subscriber.
 */
export interface DomainEvents {
  /** an account was made by sign-up (web or Telegram) */
  'user.registered': { userId: number };
  /** something the user should hear of; the notifications module stores it, dated `at` (default: when recorded) */
  'notice.raised': { notice: Notice; at?: string };
  /** what the user's unread notices of `type` told of is done; `params` narrows them by template params */
  'notices.done': { userId: number; type: NotificationType; params?: Record<string, string | number> };
  'greeting.created': { userId: number; greetingId: string };
  'greeting.accepted': {
    greetingId: string;
    senderId: number;
    acceptorId: number;
    acceptorName: string | null;
    toWhom: string;
    fromWhom: string;
    /** energy paid to the acceptor (0: none, or someone else got it first) */
    gift: number;
  };
  'postcard.uploaded': { userId: number; postcardId: number };
  /** first approval of a postcard; `userId` is its owner */
  'postcard.approved': { userId: number; postcardId: number };
  /** a vote that earns its voter a reward (once per postcard): a like or a sandbox vote */
  'vote.cast': { userId: number; postcardId: number; kind: 'like' | 'sandbox' };
  'bookmark.added': { userId: number; postcardId: number };
  'channel.created': { userId: number; channelId: number };
  /** a notification row was stored; live streams of the user are told */
  'notification.created': { userId: number; notificationId: number };
  /** a stored notification's text was rewritten (what it tells of changed: a reply was edited) */
  'notification.rewritten': { userId: number; notificationId: number };
  /** some of a user's notifications were marked read as a side effect (their action was taken) */
  'notifications.read': { userId: number };
  /** a greeting was opened for the first time by someone other than its sender */
  'greeting.opened': { greetingId: string; senderId: number; toWhom: string };
  /** an acceptor sent their first thank-you reply */
  'greeting.replied': {
    greetingId: string;
    replyId: number;
    senderId: number;
    replierId: number;
    replierName: string | null;
    toWhom: string;
    /** one of GREETING_REPLY_REACTIONS */
    reaction: string | null;
    text: string | null;
    /** a group card's contributors, told of the reply as its sender is */
    contributorIds?: number[];
  };
  /** an acceptor edited their reply (within the edit window): what the sender was told follows it */
  'greeting.reply_edited': {
    replyId: number;
    senderId: number;
    /** a group card's contributors, told of the reply as its sender is */
    contributorIds?: number[];
    /** when the reply was first sent (the notice about it is not older) */
    repliedAt?: string;
    reaction?: string | null;
    text?: string | null;
  };
  /** a scheduled greeting's moment came: its sender hears that it is open now */
  'greeting.scheduled_opened': { greetingId: string; senderId: number; toWhom: string };
  // group cards (docs/PRODUCT-RULES.md, group cards): what each contributor hears of
  /** a delivered group card was first opened by its recipient */
  'group.opened': { greetingId: string; toWhom: string; contributorIds: number[] };
  /** a group card was accepted; each contributor's own gift paid to the acceptor */
  'group.accepted': { greetingId: string; toWhom: string; acceptorName: string | null; contributors: { userId: number; gift: number }[] };
  /** the organiser or a moderator removed a contribution; its gift went back to its author */
  'group.contribution_removed': { userId: number; greetingId: string; toWhom: string; gift: number; by: 'organiser' | 'moderator' };
  /** the contributions' gifts went back: the organiser cancelled the card, or nobody accepted it in time */
  'group.refunded': { greetingId: string; toWhom: string; why: 'cancelled' | 'expired'; refunds: { userId: number; gift: number }[] };
  /** postcards were deleted; greetings made of them went with them (their escrowed gifts go back) */
  'postcards.deleted': { postcardIds: number[] };
  /** a channel was deleted with its postcards and their greetings (their escrowed gifts go back) */
  'channel.deleted': { channelId: number };
  /** the moderator approved or banned a postcard; `ownerId` uploaded it */
  'postcard.moderated': { postcardId: number; ownerId: number; approved: boolean };
  /** a Stars order was paid (once per payment): what it bought is handed over by its owner's subscriber */
  'stars.order.paid': { orderId: number; userId: number; item: string; itemId: string; greetingId: number | null };
}

/** Work scheduled for a moment (`scheduleJob`); each type has exactly one handler (`deps.jobs.define`). */
export interface ScheduledJobs {
  /** a production run of the user is ready: write its production_complete notice */
  'production.ready': { userId: number };
  /** the user's yin reaches its cap about now: write the energy_full notice */
  'energy.full': { userId: number };
  /**
   * the moment of a scheduled greeting (`opensAt`, as scheduled): tell its sender. A no-op when the
   * greeting is gone or its moment was moved or cancelled since (one pending job per greeting).
   */
  'greeting.opens': { greetingId: number; opensAt: string };
  /**
   * 30 days after a group card's delivery: if nobody accepted it, every contributor's gift goes
   * back (once). A no-op once accepted, cancelled, or already expired.
   */
  'group.expire': { greetingId: number };
  /** recurring (daily): delete jobs and handled events finished more than FINISHED_JOBS_KEEP_MS ago */
  'jobs.prune': Record<string, never>;
  /** recurring: remove media files interrupted uploads left behind */
  'storage.sweep': Record<string, never>;
  /** recurring (daily): delete postcard view marks of past days */
  'postcards.views.prune': Record<string, never>;
  /** send the bot's message telling a Telegram user of a notice (once: its message id is kept) */
  'telegram.notice': { userId: number; notificationId: number };
  /** edit the bot's message of a rewritten notice to say what the notice says now */
  'telegram.notice.edit': { userId: number; notificationId: number };
  /**
   * a reminder of a user's date: `daysBefore` days before it, at `at` (the moment it was scheduled
   * for). A no-op when the date is gone or its reminder moved since (one waiting job per date and day).
   */
  'calendar.reminder': { dateId: number; daysBefore: number; at: string };
  /** recurring (daily): forget bot updates claimed more than a day ago (Telegram resends for 24 hours) */
  'share.telegram-updates.prune': Record<string, never>;
  /** an unpaid Stars order's hour is over: it expires (a no-op once paid) */
  'stars.order.expire': { orderId: number };
  /** send a paid Telegram gift to its recipient (Bot API sendGift, once: claimed before the call) */
  'stars.gift.send': { orderId: number };
  /** refund a paid order (Bot API refundStarPayment, once); `reason`: not_accepted, greeting_deleted, … */
  'stars.order.refund': { orderId: number; reason: string };
  /** recurring (nightly): compare the orders with Telegram's Star transactions and report any difference */
  'stars.reconcile': Record<string, never>;
}

export type EventType = keyof DomainEvents;
export type JobType = keyof ScheduledJobs;
export type Payloads = DomainEvents & ScheduledJobs;
