import type * as SdkModule from '@telegram-apps/sdk-react';
import { isTelegramPath } from './index';

type Sdk = typeof SdkModule;
let sdk: Promise<Sdk | null> | null = null;
/** The SDK is loaded only inside the Mini App, and only when haptics are first asked for. */
const load = () => (sdk ??= isTelegramPath() ? import('@telegram-apps/sdk-react').catch(() => null) : Promise.resolve(null));

const safely = (fn: (m: Sdk) => void) => {
  void load().then((m) => {
    if (!m) return;
    try {
      fn(m);
    } catch {
      /* not available in this Telegram version */
    }
  });
};

/** Telegram haptic feedback; does nothing outside the Mini App or where unsupported. */
export const haptics = {
  /** a light tick (each second of a spin) */
  tick: () => safely((m) => m.hapticFeedbackSelectionChanged.ifAvailable()),
  impact: (style: 'light' | 'medium' | 'heavy' = 'medium') => safely((m) => m.hapticFeedbackImpactOccurred.ifAvailable(style)),
  success: () => safely((m) => m.hapticFeedbackNotificationOccurred.ifAvailable('success')),
  error: () => safely((m) => m.hapticFeedbackNotificationOccurred.ifAvailable('error')),
};
