import { backgroundOf, POSTCARD_STAGE_COLOR } from './backgrounds';

// apart from ./backgrounds, which the recipient's first load takes: only the app's greeting page (inside Telegram) needs these

/** The share of a gradient's length (at 135°) where the middle of a phone screen's top edge lies. */
const TOP_EDGE_MIDDLE = 0.16;

/** The colour a `linear-gradient(…, #rrggbb p%, …)` has at `at` (0–1) of its length. */
export function gradientColorAt(css: string, at: number): string {
  const stops = [...css.matchAll(/#([0-9a-f]{6}) (\d+)%/gi)].map((m) => ({ rgb: [0, 2, 4].map((i) => parseInt(m[1]!.slice(i, i + 2), 16)), at: Number(m[2]) / 100 }));
  const next = stops.findIndex((s) => s.at >= at);
  if (next <= 0) return `#${(next === 0 ? stops[0]! : stops.at(-1)!).rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  const [a, b] = [stops[next - 1]!, stops[next]!];
  const t = (at - a.at) / (b.at - a.at);
  return `#${a.rgb.map((c, i) => Math.round(c + (b.rgb[i]! - c) * t).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The colour at the top of a greeting's stage, for Telegram's header above the Mini App: the
 * gradient's colour in the middle of the screen's top edge, or the postcard stage's backdrop.
 */
export function stageTopColor(stage: 'intro' | 'postcard' | 'detail', g: { background_first_page: string; background_greeting_page: string; sealed: boolean }): string {
  if (stage === 'postcard' && !g.sealed) return POSTCARD_STAGE_COLOR;
  const { css } = backgroundOf(stage === 'detail' && !g.sealed ? g.background_greeting_page : g.background_first_page);
  return gradientColorAt(css, TOP_EDGE_MIDDLE);
}
