import type { GreetingReplyReaction, NotificationTemplate } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import type { Handler } from '../../jobs/runner';
import { insertNotification, markReadWhere, markTypeRead, type NotificationAction, notificationChannel, rewriteNotifications } from './notify';

/** Opens the greeting (/greeting/{id}?view=true); a reply's notification names the reply, so an edit can find it. */
const openGreeting = (publicId: string, replyId?: number): NotificationAction => ({
  action_type: 'open_greeting',
  is_primary: true,
  action_params: { greeting_id: publicId, path: `/greeting/${publicId}?view=true`, ...(replyId ? { reply_id: replyId } : {}) },
});
type Reaction = GreetingReplyReaction | null;

/** Stores what another module raised for a user to hear of. */
export const storeNotice: Handler<'notice.raised'> = async (trx, e, job) => {
  await insertNotification(trx, e.notice, e.at ?? job.recordedAt);
};

/** Marks read the notices whose action was taken (all of a type, or those whose params match). */
export const markNoticesDone: Handler<'notices.done'> = async (trx, e, job) => {
  const params = e.params;
  if (!params) {
    await markTypeRead(trx, e.userId, e.type, job.at);
    return;
  }
  const matches = (t: NotificationTemplate) => Object.entries(params).every(([k, v]) => (t.params as Record<string, unknown>)[k] === v);
  await markReadWhere(trx, e.userId, e.type, matches, job.at);
};

/** The sender hears that their greeting was accepted; the acceptor, of the gift they got. */
export const tellOfAcceptance: Handler<'greeting.accepted'> = async (trx, e, job) => {
  const actions = [openGreeting(e.greetingId)];
  const accepted = { name: e.acceptorName, to: e.toWhom, gift: e.gift };
  await insertNotification(trx, { userId: e.senderId, template: { key: 'greeting_accepted', params: accepted }, actions }, job.recordedAt);
  const gift = { from: e.fromWhom, gift: e.gift };
  await insertNotification(trx, { userId: e.acceptorId, template: { key: 'gift', params: gift }, actions }, job.recordedAt);
};

/** The sender hears of the first open by someone else. */
export const tellOfOpening: Handler<'greeting.opened'> = async (trx, e, job) => {
  const template = { key: 'greeting_opened' as const, params: { to: e.toWhom } };
  await insertNotification(trx, { userId: e.senderId, template, actions: [openGreeting(e.greetingId)] }, job.recordedAt);
};

/** The sender hears of each acceptor's first reply. */
export const tellOfReply: Handler<'greeting.replied'> = async (trx, e, job) => {
  const params = { name: e.replierName, to: e.toWhom, reaction: e.reaction as Reaction, text: e.text };
  // a group card's reply reaches every contributor too (docs/PRODUCT-RULES.md, group cards)
  for (const userId of [e.senderId, ...(e.contributorIds ?? [])]) {
    await insertNotification(
      trx,
      { userId, template: { key: 'greeting_reply', params }, actions: [openGreeting(e.greetingId, e.replyId)] },
      job.recordedAt,
    );
  }
};

/** What the sender was told of a reply follows its edits (events recorded before edits carried their words are skipped). */
export const followReplyEdit: Handler<'greeting.reply_edited'> = async (trx, e, job) => {
  if (e.repliedAt === undefined || e.text === undefined || e.reaction === undefined) return;
  const { reaction, text } = e;
  for (const userId of [e.senderId, ...(e.contributorIds ?? [])]) {
    await rewriteNotifications(trx, userId, 'greeting_reply', e.repliedAt, job.at, ({ template, actions }) =>
      template.key === 'greeting_reply' && actions.some((a) => a.action_params?.reply_id === e.replyId)
        ? { key: 'greeting_reply', params: { ...template.params, reaction: reaction as Reaction, text } }
        : null,
    );
  }
};

/** The sender of a scheduled greeting hears that its moment came. */
export const tellOfScheduledOpening: Handler<'greeting.scheduled_opened'> = async (trx, e, job) => {
  const template = { key: 'greeting_scheduled_open' as const, params: { to: e.toWhom } };
  await insertNotification(trx, { userId: e.senderId, template, actions: [openGreeting(e.greetingId)] }, job.recordedAt);
};

/** Each contributor of a group card hears that its recipient opened it. */
export const tellContributorsOfOpening: Handler<'group.opened'> = async (trx, e, job) => {
  for (const userId of e.contributorIds) {
    const template = { key: 'group_opened' as const, params: { to: e.toWhom } };
    await insertNotification(trx, { userId, template, actions: [openGreeting(e.greetingId)] }, job.recordedAt);
  }
};

/** Each contributor hears that the card was accepted, with their own gift it carried. */
export const tellContributorsOfAcceptance: Handler<'group.accepted'> = async (trx, e, job) => {
  for (const c of e.contributors) {
    const template = { key: 'group_accepted' as const, params: { name: e.acceptorName, to: e.toWhom, gift: c.gift } };
    await insertNotification(trx, { userId: c.userId, template, actions: [openGreeting(e.greetingId)] }, job.recordedAt);
  }
};

/** The author of a removed contribution hears who removed it and that their gift is back. */
export const tellOfRemovedContribution: Handler<'group.contribution_removed'> = async (trx, e, job) => {
  const template = { key: 'group_contribution_removed' as const, params: { to: e.toWhom, gift: e.gift, by: e.by } };
  await insertNotification(trx, { userId: e.userId, template }, job.recordedAt);
};

/** Each contributor whose gift went back (a cancelled or expired card) hears of it. */
export const tellOfGroupRefunds: Handler<'group.refunded'> = async (trx, e, job) => {
  for (const r of e.refunds) {
    const template = { key: 'group_refunded' as const, params: { to: e.toWhom, gift: r.gift, why: e.why } };
    await insertNotification(trx, { userId: r.userId, template }, job.recordedAt);
  }
};

/** Every instance's live streams of the user hear of a change (Redis pub/sub with REDIS_URL). */
export function livePushes(deps: Pick<Deps, 'live'>) {
  const push = (userId: number, payload: unknown) => deps.live.publish(notificationChannel(userId), payload);
  const pushCreated: Handler<'notification.created'> = (_trx, e) => push(e.userId, { kind: 'notification', id: e.notificationId });
  const pushRewritten: Handler<'notification.rewritten'> = (_trx, e) => push(e.userId, { kind: 'changed', id: e.notificationId });
  const pushUnread: Handler<'notifications.read'> = (_trx, e) => push(e.userId, { kind: 'unread' });
  return { pushCreated, pushRewritten, pushUnread };
}

/** The notifications module's subscribers. Names are stable: they mark finished work in `job_handled`. */
export function notificationSubscribers(deps: Deps): void {
  const { jobs } = deps;
  const { pushCreated, pushRewritten, pushUnread } = livePushes(deps);
  jobs.on('notice.raised', 'notify', storeNotice);
  jobs.on('notices.done', 'notify', markNoticesDone);
  jobs.on('greeting.accepted', 'notify', tellOfAcceptance);
  jobs.on('greeting.opened', 'notify', tellOfOpening);
  jobs.on('greeting.replied', 'notify', tellOfReply);
  jobs.on('greeting.reply_edited', 'notify', followReplyEdit);
  jobs.on('greeting.scheduled_opened', 'notify', tellOfScheduledOpening);
  jobs.on('group.opened', 'notify', tellContributorsOfOpening);
  jobs.on('group.accepted', 'notify', tellContributorsOfAcceptance);
  jobs.on('group.contribution_removed', 'notify', tellOfRemovedContribution);
  jobs.on('group.refunded', 'notify', tellOfGroupRefunds);
  jobs.on('notification.created', 'live', pushCreated);
  jobs.on('notification.rewritten', 'live', pushRewritten);
  jobs.on('notifications.read', 'live', pushUnread);
}
