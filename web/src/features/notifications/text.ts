import type { Notification, NotificationAction } from '@otkrytka/contract';
import { useCallback } from 'react';
import { useTranslation } from '../../i18n';
import { useCatalog } from '../game/catalog';

/** The language the server writes notifications in. */
const SERVER_LANGUAGE = 'ru';

export interface NotificationText {
  title: string;
  message: string;
  actionLabel: (a: NotificationAction) => string;
}

/**
 * A notification's title, message and action labels in the reader's language. The server stores
 * them in Russian together with the template they came from (`template`); other languages render
 * the template from `notifications:text.<key>` (the Russian text is the fallback), naming catalog items (quests, achievements,
 * cards, resources) through the game catalog. Without a template the Russian text shows.
 */
export function useNotificationText(): (n: Notification) => NotificationText {
  const { t, i18n } = useTranslation('notifications');
  const catalog = useCatalog();
  const lang = i18n.language;

  return useCallback(
    (n: Notification) => {
      const tpl = n.template;
      const server: NotificationText = {
        title: n.title,
        message: n.message,
        // action types the app knows are named in the reader's language, others as the server labels them
        actionLabel: (a) => (lang === SERVER_LANGUAGE && a.label ? a.label : t(`actions.${a.action_type}`, { defaultValue: a.label })),
      };
      if (!tpl || lang === SERVER_LANGUAGE) return server;
      const p = tpl.params;
      const num = (k: string) => Number(p[k] ?? 0);
      const str = (k: string) => String(p[k] ?? '');
      const key = (k: string) => `text.${tpl.key}.${k}`;
      const values: Record<string, unknown> = { ...p };
      let message = key('message');
      switch (tpl.key) {
        case 'level_up': {
          const card = p.card ? `production.${str('card')}` : null;
          values.reward = catalog.levelReward(num('level'), { energy: num('energy'), gems: num('gems'), feature_unlock: card, description: '', yin_cap: num('cap') });
          break;
        }
        case 'quest':
          values.quest = catalog.quest({ key: str('quest'), title: str('quest'), description: '', fullDescription: '' }).title;
          if (num('gems') > 0) message = key('messageWithGems');
          break;
        case 'achievement': {
          const a = catalog.achievement({ id: str('achievement'), title: str('achievement'), description: '' });
          values.achievement = a.title;
          values.description = a.description;
          break;
        }
        case 'daily_reward':
          if (num('gems') > 0) message = key('messageWithGems');
          break;
        case 'production_complete':
          values.card = catalog.cardName(str('card'), str('card'));
          values.resource = t(`game:resources.${str('resource')}`);
          break;
        case 'greeting_received':
          values.name = p.name ?? t(key('someone'));
          if (num('gift') > 0) message = key('messageWithGift');
          break;
        case 'gift':
          if (num('gift') > 0) message = key('messageWithGift');
          break;
      }
      return {
        title: t(key('title'), { ...values, defaultValue: n.title }),
        message: t(message, { ...values, defaultValue: n.message }),
        actionLabel: (a) => (a.action_type === 'open_tab' ? t(key('action'), { defaultValue: a.label }) : server.actionLabel(a)),
      };
    },
    [t, catalog, lang],
  );
}
