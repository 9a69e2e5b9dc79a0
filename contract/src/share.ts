import { z } from 'zod';
import { defineRoutes } from './route';
import { GreetingIdParams } from './greetings';

export * from './rules/share';

/** Error codes of sharing into Telegram. */
export const ShareErrorCode = {
  /** the signed-in account has no Telegram user behind it (signed in by password) */
  TELEGRAM_NOT_LINKED: 'TELEGRAM_NOT_LINKED',
  /** the Bot API refused or could not be reached */
  TELEGRAM_UNAVAILABLE: 'TELEGRAM_UNAVAILABLE',
} as const;

export const PreparedTelegramMessage = z.object({
  /** for the Mini App's `shareMessage` (Bot API `savePreparedInlineMessage`) */
  prepared_message_id: z.string(),
  /** the Telegram link of the greeting, for clients too old for shareMessage */
  link: z.string(),
});
export type PreparedTelegramMessage = z.infer<typeof PreparedTelegramMessage>;

export const shareRoutes = defineRoutes({
  'POST /api/greetings/{id}/telegram-message': {
    access: 'user',
    summary:
      "Prepare my greeting as a Telegram message (postcard picture, invite line, a button into the Mini App) for the Mini App's shareMessage",
    params: GreetingIdParams,
    response: PreparedTelegramMessage,
  },
});
