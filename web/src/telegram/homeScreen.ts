/**
 * Telegram's own prompt to add the Mini App to the device's home screen, offered once after the
 * user's first sent greeting: only where the client can add it and it is not there yet ('missed',
 * or 'unknown': the client cannot tell). Whether it was offered is kept on the device
 * (DeviceStorage, else localStorage), so it is never offered there again. Loaded on that moment.
 */
import { telegramSdk } from './environment';
import { keep, type KeepPlace, keptValue } from './keep';

const KEY = 'home_screen_offered';
const PLACES: readonly KeepPlace[] = ['device', 'local'];

let asking: Promise<boolean> | null = null;

/** Offers the home screen once; resolves whether Telegram's prompt was shown now. */
export function offerHomeScreenOnce(): Promise<boolean> {
  asking ??= (async () => {
    const sdk = telegramSdk();
    if (!sdk || (await keptValue(KEY, PLACES))) return false;
    const status = await sdk.homeScreenStatus();
    if (status === 'added') {
      await keep(KEY, 'added', PLACES);
      return false;
    }
    if ((status !== 'missed' && status !== 'unknown') || !sdk.addToHomeScreen()) return false;
    await keep(KEY, 'offered', PLACES);
    return true;
  })().finally(() => {
    asking = null;
  });
  return asking;
}
