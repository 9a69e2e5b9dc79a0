import { z } from 'zod';
import { defineRoutes } from './route';
import { GreetingIdParams } from './greetings';

export * from './rules/share';

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
