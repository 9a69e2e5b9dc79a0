/**
 * A picture inside the Telegram Mini App: saved through Telegram's own download (`downloadFile`,
 * Mini Apps 8.0), sent to a chat as a prepared media message (`shareMessage`), or sent by the bot
 * to the user's own chat. Loaded with the picture sheet only.
 */
import { downloadFile as sdkDownloadFile } from '@telegram-apps/sdk-react';
import { api, ApiError } from '@/lib/api';
import { openExternalLink, openTelegramLink, telegramShareMessage } from '@/telegram';
import { requestTelegramWriteAccess } from '@/telegram/native';
import { greetingOfPicture } from './sharePicture';

/**
 * Saves the picture through Telegram's download dialog: a greeting's by a signed address (Telegram
 * fetches it without the user's sign-in), a postcard's by its public one. 'saved'; 'cancelled' (the
 * user said no); 'opened' (a client too old for it: the picture opened in the browser to save there).
 */
export async function telegramSave(pictureUrl: string, fallbackName: string): Promise<'saved' | 'cancelled' | 'opened'> {
  const id = greetingOfPicture(pictureUrl);
  const { url, file_name } = id
    ? await api('POST /api/greetings/{id}/picture/download-link', { params: { id } })
    : { url: new URL(pictureUrl, window.location.href).href, file_name: fallbackName };
  if (!sdkDownloadFile.isAvailable()) {
    openExternalLink(url);
    return 'opened';
  }
  try {
    await sdkDownloadFile(url, file_name);
    return 'saved';
  } catch (e) {
    console.warn('Telegram downloadFile', e);
    return 'cancelled';
  }
}

/**
 * «Отправить в чат»: the picture as a media message through Telegram's chat picker. 'sent',
 * 'declined', 'failed'; 'link' when the client is too old (the greeting's link is shared instead).
 */
export async function telegramSendToChat(greetingId: string): Promise<'sent' | 'declined' | 'failed' | 'link'> {
  const { prepared_message_id, link } = await api('POST /api/greetings/{id}/picture/telegram-message', { params: { id: greetingId } });
  const r = await telegramShareMessage(prepared_message_id);
  if (r !== null) return r;
  openTelegramLink(`https://t.me/share/url?url=${encodeURIComponent(link)}`);
  return 'link';
}

const notAllowed = (e: unknown) => e instanceof ApiError && e.status === 409 && e.code === 'TELEGRAM_WRITE_NOT_ALLOWED';

/**
 * «Отправить себе в Telegram»: the bot sends the picture to the user's chat with it. When the bot
 * may not write to them, Telegram asks them first; once they allow it, the bot hears of it in a
 * moment, so the request is tried again a few times. 'sent'; 'denied': they did not allow it.
 */
export async function telegramSendToMe(greetingId: string): Promise<'sent' | 'denied'> {
  const send = () => api('POST /api/greetings/{id}/picture/send-to-me', { params: { id: greetingId } });
  try {
    await send();
    return 'sent';
  } catch (e) {
    if (!notAllowed(e)) throw e;
  }
  if ((await requestTelegramWriteAccess()) !== true) return 'denied';
  for (let attempt = 1; ; attempt += 1) {
    await new Promise((resolve) => window.setTimeout(resolve, 600 * attempt));
    try {
      await send();
      return 'sent';
    } catch (e) {
      if (!notAllowed(e) || attempt >= 4) throw e;
    }
  }
}
