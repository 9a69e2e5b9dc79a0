import fs from 'node:fs';

/** Removes the temporary data folder of the end-to-end server. */
export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && dir.includes('otkrytka-e2e-')) fs.rmSync(dir, { recursive: true, force: true });
}
