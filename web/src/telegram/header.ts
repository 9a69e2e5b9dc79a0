import { useEffect } from 'react';
import { telegramSdk } from './environment';

/**
 * Inside Telegram, its header above the Mini App takes `color` (`#rrggbb`) while the caller is
 * mounted, and the app's own colour again after; does nothing in a browser or with null.
 */
export function useTelegramHeaderColor(color: string | null): void {
  useEffect(() => {
    const sdk = telegramSdk();
    if (!sdk || !color) return;
    sdk.setHeaderColor(color as `#${string}`);
    return () => sdk.setHeaderColor(null);
  }, [color]);
}
