import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Files the offline page and the installed app's launch need, besides the first page's scripts. */
const OFFLINE_FILES = ['/offline.html', '/offline.js', '/favicon.svg', '/manifest.webmanifest', '/icons/icon-192.png'];

/**
 * Finishes the service worker (public/sw.js) after the build: it lists the files to keep for offline
 * use — the offline page and the scripts and styles the built index.html loads — and gets an id that
 * changes with them, so a new build replaces the old cache.
 */
export function serviceWorker(): Plugin {
  return {
    name: 'otkrytka-service-worker',
    apply: 'build',
    writeBundle(options) {
      const dir = options.dir ?? 'dist';
      const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
      const firstLoad = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
      const precache = [...OFFLINE_FILES, ...new Set(firstLoad)];
      const build = crypto.createHash('sha256').update(precache.join('\n')).update(fs.readFileSync(path.join(dir, 'offline.html'))).digest('hex').slice(0, 12);
      const swPath = path.join(dir, 'sw.js');
      const source = fs.readFileSync(swPath, 'utf8');
      if (!source.includes("['__PRECACHE__']")) throw new Error('sw.js: precache placeholder missing');
      fs.writeFileSync(swPath, source.replace('__BUILD_ID__', build).replace("['__PRECACHE__']", JSON.stringify(precache)));
    },
  };
}
