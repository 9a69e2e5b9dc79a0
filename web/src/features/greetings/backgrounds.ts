import { DEFAULT_GREETING_BACKGROUND, GREETING_BACKGROUNDS, type GreetingBackground } from '@otkrytka/contract/rules/greetings';

/**
 * The eight greeting gradients (the original app: background ids). They are the greeting's own art, so they
 * look the same in the light and the dark theme; `ink` is the text colour that reads on them.
 */
export const BACKGROUNDS: Record<GreetingBackground, { css: string; ink: 'light' | 'dark'; glow: string }> = {
  'pink-purple-indigo': { css: 'linear-gradient(135deg, #f472b6 0%, #a855f7 50%, #6366f1 100%)', ink: 'light', glow: '#f0abfc' },
  'blue-green-cyan': { css: 'linear-gradient(135deg, #3b82f6 0%, #10b981 55%, #06b6d4 100%)', ink: 'light', glow: '#a5f3fc' },
  'orange-red-pink': { css: 'linear-gradient(135deg, #fb923c 0%, #ef4444 50%, #ec4899 100%)', ink: 'light', glow: '#fecdd3' },
  'yellow-orange': { css: 'linear-gradient(135deg, #fde047 0%, #fbbf24 45%, #f97316 100%)', ink: 'dark', glow: '#fef08a' },
  'dark-indigo-purple': { css: 'linear-gradient(135deg, #1e1b4b 0%, #312e81 45%, #581c87 100%)', ink: 'light', glow: '#a78bfa' },
  'dark-green-blue': { css: 'linear-gradient(135deg, #022c22 0%, #065f46 45%, #1e3a8a 100%)', ink: 'light', glow: '#6ee7b7' },
  'dark-orange-red': { css: 'linear-gradient(135deg, #431407 0%, #9a3412 50%, #7f1d1d 100%)', ink: 'light', glow: '#fdba74' },
  'dark-yellow-orange': { css: 'linear-gradient(135deg, #422006 0%, #854d0e 50%, #9a3412 100%)', ink: 'light', glow: '#fde68a' },
};

export const backgroundOf = (id: string | null | undefined) =>
  BACKGROUNDS[(GREETING_BACKGROUNDS as readonly string[]).includes(id ?? '') ? (id as GreetingBackground) : DEFAULT_GREETING_BACKGROUND];

/** The postcard stage's backdrop, behind the picture. */
export const POSTCARD_STAGE_COLOR = '#0d0a12';

/** The confetti colours of the intro (spec: 7 colours). */
export const CONFETTI_COLORS = ['#ff4d8d', '#ffb703', '#fb8500', '#8ecae6', '#7c4dff', '#52d681', '#ffffff'] as const;
/** Confetti particles of the intro burst (spec: 150). */
export const CONFETTI_PARTICLES = 150;
