/**
 * Lets eslint-plugin-import follow the web app's `@/x` imports (web/src/x, as tsconfig.json's
 * paths and vite.config.ts name it), so `import/no-cycle` sees through them; any other import is
 * left to the next resolver (node). Named in eslint.config.js's `import/resolver` for web/src.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: eslint-plugin-import loads a resolver with require() */
const fs = require('node:fs');
const path = require('node:path');

const SRC = path.join(__dirname, 'src');
const CANDIDATES = ['', '.ts', '.tsx', '.js', '/index.ts', '/index.tsx'];

exports.interfaceVersion = 2;
exports.resolve = (source) => {
  if (!source.startsWith('@/')) return { found: false };
  const base = path.join(SRC, source.slice(2));
  const file = CANDIDATES.map((ext) => base + ext).find((p) => fs.existsSync(p) && fs.statSync(p).isFile());
  return file ? { found: true, path: file } : { found: false };
};
