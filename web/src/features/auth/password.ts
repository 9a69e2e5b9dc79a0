import { PASSWORD_GENERATOR } from '@otkrytka/contract/rules/auth';

/** Fills and returns `buf` with random bytes. */
export type RandomBytes = (buf: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;
const cryptoBytes: RandomBytes = (buf) => crypto.getRandomValues(buf);

/**
 * A random password: 12 characters from letters, digits and !@#$%^&*, drawn with
 * crypto.getRandomValues. Bytes that would favour the first characters of the alphabet are
 * skipped, so every character is equally likely.
 */
export function generatePassword(randomBytes: RandomBytes = cryptoBytes): string {
  const { alphabet, length } = PASSWORD_GENERATOR;
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(new Uint8Array(length * 2))) {
      if (b >= limit) continue;
      out += alphabet[b % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}
