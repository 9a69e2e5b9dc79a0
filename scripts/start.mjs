#!/usr/bin/env node
// `npm start`: build the web app and the server only when their sources changed since the last
// build, then run the compiled server (server/dist/main.mjs) in THIS process — one process, so
// SIGTERM/SIGINT from npm, a shell or a container runtime reach the server itself.
//   --build-only   build what changed and exit (npm run build)
//   --skip-web     leave the web app alone (API-only runs, the shutdown test)
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const args = new Set(process.argv.slice(2));
const stampDir = path.join(root, 'node_modules', '.cache', 'otkrytka');

/** Paths, sizes and modification times of every source file: cheap, and catches edits and deletions. */
function fingerprint(entries) {
  const hash = crypto.createHash('sha256');
  const walk = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(p).sort()) if (name !== 'node_modules' && name !== 'dist') walk(path.join(p, name));
    } else {
      hash.update(`${path.relative(root, p)}\0${st.size}\0${st.mtimeMs}\n`);
    }
  };
  for (const e of entries) walk(path.join(root, e));
  return hash.digest('hex');
}

function npm(...npmArgs) {
  // under `npm start` npm tells where it lives; run the same one
  const cli = process.env.npm_execpath;
  const [cmd, argv] = cli && cli.endsWith('.js') ? [process.execPath, [cli, ...npmArgs]] : ['npm', npmArgs];
  execFileSync(cmd, argv, { cwd: root, stdio: 'inherit' });
}

function buildIfChanged(name, sources, output) {
  const stamp = path.join(stampDir, `${name}.stamp`);
  const now = fingerprint([...sources, 'package-lock.json']);
  const last = fs.existsSync(stamp) && fs.existsSync(path.join(root, output)) ? fs.readFileSync(stamp, 'utf8') : '';
  if (now === last) return;
  const started = Date.now();
  console.log(`start: building ${name} (its sources changed)`);
  npm('run', 'build', '-w', name);
  fs.mkdirSync(stampDir, { recursive: true });
  fs.writeFileSync(stamp, now);
  console.log(`start: ${name} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (!args.has('--skip-web')) {
  buildIfChanged('web', ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'web/chunks.ts', 'web/precompress.ts', 'web/pwa.ts', 'web/package.json', 'contract/src'], 'web/dist/index.html');
}
buildIfChanged('server', ['server/src', 'server/tsdown.config.ts', 'server/tsconfig.build.json', 'server/package.json', 'contract/src'], 'server/dist/main.mjs');

if (!args.has('--build-only')) {
  process.env.NODE_ENV ??= 'production';
  await import(pathToFileURL(path.join(root, 'server', 'dist', 'main.mjs')).href);
}
