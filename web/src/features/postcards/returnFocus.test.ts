import { describe, expect, it } from 'vitest';
import { returnFocusTo, takeReturnFocus } from './returnFocus';

describe('the tile that takes the focus back from the viewer', () => {
  it('is the card the viewer closed on, once', () => {
    returnFocusTo(7, 1000);
    expect(takeReturnFocus(6, 1100)).toBe(false);
    expect(takeReturnFocus(7, 1100)).toBe(true);
    expect(takeReturnFocus(7, 1200)).toBe(false);
  });

  it('not when the grid shows it long after (a later visit must not steal the focus)', () => {
    returnFocusTo(7, 1000);
    expect(takeReturnFocus(7, 1000 + 3001)).toBe(false);
    expect(takeReturnFocus(7, 1000 + 3100)).toBe(false);
  });
});
