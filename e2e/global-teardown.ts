import fs from 'node:fs';

/** Removes the temporary data folders of the end-to-end servers. */
export default function globalTeardown(): void {
  for (const dir of [process.env.E2E_DATA_DIR, process.env.E2E_CLOCK_DATA_DIR, process.env.E2E_SEED_DIR]) {
    if (dir && dir.includes('otkrytka-e2e-')) fs.rmSync(dir, { recursive: true, force: true });
  }
}
