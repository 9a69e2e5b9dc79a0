import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // `@/x` is src/x, as in vite.config.ts and tsconfig.json
  resolve: { alias: { '@': path.join(import.meta.dirname, 'src') } },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
  },
});
