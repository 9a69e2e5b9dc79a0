import { describe, expect, it } from 'vitest';
import { BACKGROUNDS, POSTCARD_STAGE_COLOR } from './backgrounds';
import { gradientColorAt, stageTopColor } from './stageColor';

describe("a greeting stage's colour for Telegram's header", () => {
  it('is read off the gradient: its stops, and between them a blend', () => {
    const css = BACKGROUNDS['blue-green-cyan'].css; // #3b82f6 0%, #10b981 55%, #06b6d4 100%
    expect(gradientColorAt(css, 0)).toBe('#3b82f6');
    expect(gradientColorAt(css, 0.55)).toBe('#10b981');
    expect(gradientColorAt(css, 1)).toBe('#06b6d4');
    expect(gradientColorAt(css, 0.275)).toBe('#269ebc');
  });

  it('follows the stage: the first page, the postcard backdrop, the greeting page; a sealed greeting keeps the first page', () => {
    const g = { background_first_page: 'blue-green-cyan', background_greeting_page: 'yellow-orange', sealed: false };
    expect(stageTopColor('intro', g)).toBe(gradientColorAt(BACKGROUNDS['blue-green-cyan'].css, 0.16));
    expect(stageTopColor('postcard', g)).toBe(POSTCARD_STAGE_COLOR);
    expect(stageTopColor('detail', g)).toBe(gradientColorAt(BACKGROUNDS['yellow-orange'].css, 0.16));
    expect(stageTopColor('detail', { ...g, sealed: true })).toBe(stageTopColor('intro', g));
  });
});
