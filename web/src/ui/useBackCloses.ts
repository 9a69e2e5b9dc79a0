import { useTransientEntry } from '../router/transient';
import { useTelegramBackButton } from '../telegram';

/**
 * Back — the browser's, Android's or Telegram's — closes the sheet while it is `open` and stays on
 * the page; the next Back leaves it. Closing the sheet otherwise leaves history as it was.
 */
export function useBackCloses(open: boolean, close: () => void): void {
  useTransientEntry(open, close);
  // Telegram's button calls the page's back: while the sheet is open, it closes the sheet instead
  useTelegramBackButton(true, close, open);
}
