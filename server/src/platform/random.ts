import crypto from 'node:crypto';

/** A uniform number in [0, 1) from the system's CSPRNG (48 random bits). */
export const secureRandom = (): number => crypto.randomBytes(6).readUIntBE(0, 6) / 2 ** 48;

/** A small seeded generator (mulberry32) for reproducible tests and benchmarks. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
