import { PASSWORD_GENERATOR } from '@otkrytka/contract/rules/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { generatePassword } from './password';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*';

describe('password generator', () => {
  afterEach(() => vi.restoreAllMocks());

  it('draws 12 characters from letters, digits and !@#$%^&*', () => {
    expect(PASSWORD_GENERATOR.alphabet).toBe(ALPHABET);
    for (let i = 0; i < 200; i++) {
      const p = generatePassword();
      expect(p).toHaveLength(12);
      for (const c of p) expect(ALPHABET).toContain(c);
    }
  });

  it('uses crypto.getRandomValues', () => {
    const spy = vi.spyOn(crypto, 'getRandomValues');
    generatePassword();
    expect(spy).toHaveBeenCalled();
  });

  it('gives a different password each time', () => {
    const seen = new Set(Array.from({ length: 100 }, () => generatePassword()));
    expect(seen.size).toBe(100);
  });

  it('reaches every character of the alphabet', () => {
    const seen = new Set(Array.from({ length: 300 }, () => generatePassword()).join(''));
    expect([...seen].sort().join('')).toBe([...ALPHABET].sort().join(''));
  });

  it('maps bytes to characters without favouring any: bytes past the last full round are skipped', () => {
    // 256 % 70 = 46: bytes 210..255 would make the first 46 characters more likely
    const bytes = [210, 255, 0, 69, 70, 209, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    const p = generatePassword((buf) => {
      buf.set(bytes.slice(0, buf.length));
      return buf;
    });
    expect(p).toBe([0, 69, 0, 69, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => ALPHABET[i]).join(''));
  });
});
