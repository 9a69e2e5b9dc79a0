import { defineConfig } from 'vitest/config';
import { preactAliases } from './runtime';

export default defineConfig({
  resolve: { alias: preactAliases, mainFields: ['module', 'main'], conditions: ['module', 'browser', 'development'] },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    // through the aliases too (an external dependency would load react-dom from node_modules)
    server: { deps: { inline: true } },
  },
});
