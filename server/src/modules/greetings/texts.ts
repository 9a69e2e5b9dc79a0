/**
 * The Russian texts of the notifications this module sends (stored with each notification next to
 * its template key and params; the web renders the key in the reader's language from
 * web/src/i18n/<lang>/notifications.json `text.<key>`).
 */
export const GREETING_NOTIFICATION_TEXTS = {
  greeting_opened: {
    title: '👀 Поздравление открыли',
    message: (p: { to: string }) => `${p.to} открыл(а) ваше поздравление`,
  },
  greeting_reply: {
    title: '💬 Ответ на поздравление',
    message: (p: { name: string; to: string; reply: string }) => `${p.name} ответил(а) на ваше поздравление «${p.to}»: ${p.reply}`,
  },
  greeting_scheduled_open: {
    title: '⏰ Ваше поздравление открылось',
    message: (p: { to: string }) => `Поздравление «${p.to}» открылось: теперь его можно посмотреть и принять`,
  },
} as const;

export const OPEN_GREETING_LABEL = 'Открыть поздравление';
