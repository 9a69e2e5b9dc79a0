import { describe, expect, it } from 'vitest';
import { initialOf } from './initial';

describe('initialOf (an avatar letter)', () => {
  it('is the first letter, upper-cased', () => {
    expect(initialOf('мои открытки')).toBe('М');
    expect(initialOf('')).toBe('');
  });

  it('keeps a leading emoji whole: a family, a flag, a skin tone', () => {
    expect(initialOf('👨‍👩‍👧‍👦 Семья')).toBe('👨‍👩‍👧‍👦');
    expect(initialOf('🇷🇺 Россия')).toBe('🇷🇺');
    expect(initialOf('👍🏽 Класс')).toBe('👍🏽');
    expect(initialOf('😀')).not.toContain('\ufffd');
  });
});
