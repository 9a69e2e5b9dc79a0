import { hash, verify } from '@node-rs/argon2';

export type PasswordHashCost = 'standard' | 'fast';

/**
 * argon2id password hashing. `standard` is the library's default cost (19 MiB, 2 passes);
 * `fast` is for test suites that sign hundreds of users up and is refused in production
 * (config.ts). A hash records its own cost, so either kind verifies under either setting.
 */
export function passwordHasher(cost: PasswordHashCost) {
  const options = cost === 'fast' ? { memoryCost: 1024, timeCost: 1, parallelism: 1 } : {};
  return {
    hash: (password: string) => hash(password, options),
    verify: (stored: string, password: string) => verify(stored, password),
  };
}
