import type { PreparedTelegramMessage } from '@otkrytka/contract';
import { canTelegramShareMessage, openTelegramLink, telegramShareMessage } from '@/telegram';
import { shareTargets } from './share';

/** Whether this Telegram client can send the postcard itself (a prepared message). */
export const canSendPrepared = (): boolean => canTelegramShareMessage();

/**
 * Hands the greeting to a chat as the postcard itself: prepared on the server (Bot API
 * savePreparedInlineMessage), then sent through Telegram's chat picker. 'unavailable' when the
 * client is too old or preparing failed, 'failed' when Telegram could not send it
 * (`prepared_message_failed`, e.g. expired): the caller shares the link instead ('failed' says so).
 */
export async function sendPrepared(prepare: () => Promise<PreparedTelegramMessage>): Promise<'sent' | 'cancelled' | 'failed' | 'unavailable'> {
  if (!canSendPrepared()) return 'unavailable';
  try {
    const { prepared_message_id } = await prepare();
    const sent = await telegramShareMessage(prepared_message_id);
    return sent === null ? 'unavailable' : sent === 'declined' ? 'cancelled' : sent;
  } catch (e) {
    console.warn('Telegram prepared message', e);
    return 'unavailable';
  }
}

/** Opens Telegram's share link for `link` with `text`; throws when that is not a Telegram share link. */
export function sendLink(link: string, text: string): void {
  const url = shareTargets.telegram(link, text);
  if (!openTelegramLink(url)) throw new Error(`not a Telegram link: ${url}`);
}

/** A greeting's story picture (1080×1920, its texts in `lang`) for Telegram's story editor. */
export const greetingStoryImage = (publicId: string, lang: string, origin: string = window.location.origin) =>
  `${origin}/og/greeting/${publicId}/story.jpg?lang=${lang === 'en' ? 'en' : 'ru'}`;
