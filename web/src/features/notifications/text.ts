import type { Notification } from '@otkrytka/contract';
import { type NotificationText, notificationText, type Translate } from '@otkrytka/contract/notification-text';
import { useCallback } from 'react';
import { useTranslation } from '@/i18n';

/**
 * A notification's title, message and action labels in the reader's language, rendered from its
 * template by the renderer the server uses (`@otkrytka/contract/notification-text`) over the texts
 * in `notifications:text.<key>` (catalog names from `game:catalog`). One stored without a template
 * shows its stored text.
 */
export function useNotificationText(): (n: Notification) => NotificationText {
  // `game` holds the catalog names the texts nest
  const { t } = useTranslation(['notifications', 'game']);
  // the server's renderer takes any key: it builds them from the template's (`text.<key>.title`, …)
  return useCallback((n: Notification) => notificationText(n, t as Translate), [t]);
}
