import { icon } from '@/ui/icon';

/** Telegram's currency, a Star: a filled five-pointed star (drawn, never an emoji). */
export const TelegramStarIcon = icon(
  'TelegramStarIcon',
  <path d="M12 2.2c.4 0 .8.2 1 .6l2.5 5.1 5.6.8c.9.1 1.3 1.2.6 1.9l-4 4 .9 5.6c.2.9-.8 1.6-1.6 1.2L12 18.7l-5 2.7c-.8.4-1.8-.3-1.6-1.2l.9-5.6-4-4c-.7-.7-.3-1.8.6-1.9l5.6-.8L11 2.8c.2-.4.6-.6 1-.6z" />,
  true,
);
