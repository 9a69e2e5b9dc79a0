import type { TOptions } from './i18n';
import type { NotificationKey, NotificationParams, NotificationTemplate } from './notification-templates';

/** A translator bound to a language, bare keys in the `notifications` namespace. */
export type Translate = (key: string, opts?: TOptions) => string;

/** What a template adds to its params before rendering: a text variant (`message_<context>`) or computed values. */
type Shape<K extends NotificationKey> = {
  context?: (p: NotificationParams<K>) => string | undefined;
  values?: (p: NotificationParams<K>, t: Translate) => Record<string, unknown>;
};
const when = (yes: boolean, context: string) => (yes ? context : undefined);

const SHAPES: { [K in NotificationKey]?: Shape<K> } = {
  level_up: { context: (p) => when(p.card !== null, 'card') },
  quest: { context: (p) => when(p.gems > 0, 'gems') },
  daily_reward: { context: (p) => when(p.gems > 0, 'gems') },
  greeting_accepted: {
    context: (p) => when(p.gift > 0, 'gift'),
    values: (p, t) => ({ name: p.name ?? t('text.greeting_accepted.someone') }),
  },
  gift: { context: (p) => when(p.gift > 0, 'gift') },
  group_accepted: {
    context: (p) => when(p.gift > 0, 'gift'),
    values: (p, t) => ({ name: p.name ?? t('text.group_accepted.someone') }),
  },
  group_contribution_removed: { context: (p) => (p.gift > 0 ? `${p.by}_gift` : p.by) },
  group_refunded: { context: (p) => p.why },
  greeting_reply: {
    values: (p, t) => ({ name: p.name ?? t('text.greeting_reply.someone'), reply: [p.reaction, p.text].filter(Boolean).join(' ') }),
  },
  date_reminder: {
    values: (p, t) => ({
      what: t(`text.date_reminder.kinds.${p.kind}`),
      when: p.days === 0 ? t('text.date_reminder.today') : p.days === 1 ? t('text.date_reminder.tomorrow') : t('text.date_reminder.in', { count: p.days }),
      turns: p.turns !== null && p.turns > 0 ? t('text.date_reminder.turns', { count: p.turns }) : '',
      late: p.late ? t('text.date_reminder.late') : '',
    }),
  },
};

export interface NotificationText {
  title: string;
  message: string;
  /** the label of one of the notification's actions */
  actionLabel: (a: { action_type: string; label?: string }) => string;
}

/** Labels of actions any notification may carry (`notifications:actions.<type>`), else as stored. */
const storedLabel = (t: Translate) => (a: { action_type: string; label?: string }) =>
  t(`actions.${a.action_type}`, { defaultValue: a.label ?? a.action_type });

/**
 * A notification's title, message and action labels from its template (i18n
 * `notifications:text.<key>.{title,message,actions.<type>}`, `message_<context>` for a variant); a stored
 * notification without a template keeps its stored texts.
 */
export function notificationText(n: { title: string; message: string; template: NotificationTemplate | null }, t: Translate): NotificationText {
  const tpl = n.template;
  if (!tpl) return { title: n.title, message: n.message, actionLabel: storedLabel(t) };
  const shape = SHAPES[tpl.key] as Shape<typeof tpl.key> | undefined;
  const params = tpl.params as NotificationParams<typeof tpl.key>;
  const values: TOptions = { ...params, ...shape?.values?.(params, t), context: shape?.context?.(params) };
  const key = `text.${tpl.key}`;
  return {
    title: t(`${key}.title`, values),
    message: t(`${key}.message`, values),
    actionLabel: (a) => t(`${key}.actions.${a.action_type}`, { defaultValue: storedLabel(t)(a) }),
  };
}
