import { useEffect, useRef } from 'react';
import { telegramSdk } from './environment';

/**
 * Inside Telegram, its header above the Mini App takes `color` (`#rrggbb`) while the caller is
 * mounted, one call per change, and the app's own colour again once the caller gives none or goes.
 * Does nothing in a browser.
 */
export function useTelegramHeaderColor(color: string | null): void {
  const painted = useRef(false);
  useEffect(() => {
    const sdk = telegramSdk();
    if (!sdk) return;
    if (color) sdk.setHeaderColor(color as `#${string}`);
    else if (painted.current) sdk.setHeaderColor(null);
    painted.current = !!color;
  }, [color]);
  useEffect(
    () => () => {
      if (painted.current) telegramSdk()?.setHeaderColor(null);
    },
    [],
  );
}
