import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes .br and .gz copies of the built scripts and styles, compressed once at the highest
 * levels; the server sends them to browsers that accept them (@fastify/static `preCompressed`).
 */
export function precompress(): Plugin {
  return {
    name: 'otkrytka-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|svg|json)$/.test(file)) continue;
        const full = path.join(dir, file);
        const data = fs.readFileSync(full);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${full}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${full}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}
