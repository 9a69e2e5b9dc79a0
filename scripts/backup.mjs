#!/usr/bin/env node
// `npm run backup [-- <folder>]`: a consistent copy of the data while the server keeps running.
//   SQLite (no DATABASE_URL): the database through SQLite's online backup API (better-sqlite3),
//   then the local media folder. PostgreSQL (DATABASE_URL=postgres://…): pg_dump --format=custom.
//   Media in S3 are not copied: use the bucket's versioning or replication.
// Reads DATA_DIR and DATABASE_URL like the server; the folder defaults to ./backups/<date-time>.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const target = path.resolve(process.argv[2] ?? path.join('backups', `otkrytka-${stamp}`));
const dataDir = path.resolve(process.env.DATA_DIR || './data');
const databaseUrl = process.env.DATABASE_URL || '';
fs.mkdirSync(target, { recursive: true });

if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
  const file = path.join(target, 'otkrytka.pgdump');
  try {
    execFileSync('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, databaseUrl], { stdio: 'inherit' });
  } catch (err) {
    console.error(`backup: pg_dump failed (${err.message}); install postgresql-client of the server's major version`);
    process.exit(1);
  }
  console.log(`backup: PostgreSQL → ${file} (restore: pg_restore --clean --no-owner -d "$DATABASE_URL" ${file})`);
} else {
  const source = path.join(dataDir, 'otkrytka.sqlite');
  if (!fs.existsSync(source)) {
    console.error(`backup: no database at ${source} (set DATA_DIR)`);
    process.exit(1);
  }
  const db = new Database(source, { readonly: true, fileMustExist: true });
  // page by page, letting the server write in between; the copy is one consistent snapshot
  await db.backup(path.join(target, 'otkrytka.sqlite'));
  db.close();
  console.log(`backup: SQLite → ${path.join(target, 'otkrytka.sqlite')}`);
}

const media = path.join(dataDir, 'media');
if (fs.existsSync(media)) {
  // media files are written once under content-derived names, so a plain copy is consistent;
  // half-written temporary files are left out
  fs.cpSync(media, path.join(target, 'media'), { recursive: true, filter: (src) => !src.endsWith('.tmp') });
  console.log(`backup: media → ${path.join(target, 'media')}`);
}
console.log(`backup: done in ${target}`);
