import { haptic } from './index';

/** Telegram haptic feedback by purpose; does nothing outside the Mini App or where unsupported. */
export const haptics = {
  /** a light tick (each second of a spin) */
  tick: () => haptic('selection'),
  impact: (style: 'light' | 'medium' | 'heavy' = 'medium') => haptic(style),
  success: () => haptic('success'),
  error: () => haptic('error'),
};
