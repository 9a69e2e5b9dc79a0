import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bootSplash } from './boot';
import { firstLoadChunks, preloadOnlyMissing } from './chunks';
import { precompress } from './precompress';
import { serviceWorker } from './pwa';

const api = process.env.VITE_API_TARGET ?? 'http://localhost:3000';
const preload = preloadOnlyMissing();
const FIRST_LOAD_CHUNKS = new Set(['react', 'core', 'stages', 'vendor', 'app']);

export default defineConfig({
  plugins: [react(), tailwindcss(), bootSplash(), precompress(), serviceWorker(), preload.plugin],
  // `@/x` is src/x (tsconfig.json's paths and vitest.config.ts name it too)
  resolve: { alias: { '@': path.join(import.meta.dirname, 'src') } },
  build: {
    target: 'es2022',
    sourcemap: false,
    // every browser the app supports preloads modules itself; the polyfill was 0.4 KB of every first load
    modulePreload: { polyfill: false, resolveDependencies: preload.resolveDependencies },
    // the server reads it to name a page's chunks in that page's HTML (server/src/http/route-hints.ts)
    manifest: true,
    chunkSizeWarningLimit: 300,
    rolldownOptions: {
      // the app, and the first screen of a greeting (served for /greeting/{id}, see src/greeting-main.tsx)
      input: { index: path.join(import.meta.dirname, 'index.html'), greeting: path.join(import.meta.dirname, 'greeting.html') },
      output: {
        codeSplitting: firstLoadChunks(import.meta.dirname),
        // a lazy chunk is named by its hash alone: the first load's preload map lists every chunk's
        // file, and the names were 1.1 KB of it (gzip); the first load's own chunks keep theirs
        chunkFileNames: (c) => (FIRST_LOAD_CHUNKS.has(c.name) ? 'assets/[name]-[hash].js' : 'assets/[hash].js'),
      },
    },
  },
  server: { proxy: { '/api': api, '/media': api } },
});
