import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

describe('npm run backup (SQLite)', () => {
  it('copies the database while a writer holds it open, and the media without temporary files', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'otkrytka-backup-'));
    const live = new Database(path.join(dataDir, 'otkrytka.sqlite'));
    live.pragma('journal_mode = WAL');
    live.exec('create table notes (id integer primary key, body text)');
    const insert = live.prepare('insert into notes (body) values (?)');
    for (let i = 0; i < 500; i++) insert.run(`note ${i}`);
    fs.mkdirSync(path.join(dataDir, 'media', 'ab'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'media', 'ab', 'card.png'), 'png bytes');
    fs.writeFileSync(path.join(dataDir, 'media', 'ab', 'card.png.123.tmp'), 'half');

    const target = path.join(dataDir, 'copy');
    execFileSync(process.execPath, [path.join(root, 'scripts/backup.mjs'), target], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: 'ignore',
    });
    live.close();

    const copy = new Database(path.join(target, 'otkrytka.sqlite'), { readonly: true });
    expect(copy.prepare('select count(*) as n from notes').get()).toEqual({ n: 500 });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    copy.close();
    expect(fs.readFileSync(path.join(target, 'media', 'ab', 'card.png'), 'utf8')).toBe('png bytes');
    expect(fs.existsSync(path.join(target, 'media', 'ab', 'card.png.123.tmp'))).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
