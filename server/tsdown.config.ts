import { defineConfig } from 'tsdown';

/**
 * The production build: server/src/main.ts → dist/main.mjs, run by plain `node`, and the gallery's
 * reader thread → dist/gallery-reader.mjs (started by `modules/gallery/readers.ts`). The workspace
 * contract (TypeScript source) is bundled in; npm dependencies stay imports from node_modules.
 */
export default defineConfig({
  entry: { main: 'src/main.ts', 'gallery-reader': 'src/modules/gallery/reader-worker.ts' },
  outDir: 'dist',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  tsconfig: 'tsconfig.build.json',
  deps: { alwaysBundle: [/^@otkrytka\//] },
  sourcemap: true,
  dts: false,
  clean: true,
  logLevel: 'warn',
});
