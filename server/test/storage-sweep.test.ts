import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derivedKeys, originalKeysOf, previewKey } from '../src/modules/uploads';
import { LEFTOVER_GRACE_MS, sweepStorageLeftovers } from '../src/modules/uploads/sweep';
import { fixtures } from './fixtures';
import { uploadFile } from './factories/uploads';
import { createTestApp, signUp, type TestApp } from './helpers';

/** leftovers of a crash mid-upload are cleaned, nothing in use is touched. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sweepStorageLeftovers', () => {
  it('removes old *.tmp files and unreferenced originals and previews, keeps referenced and fresh files and other modules\' folders', async () => {
    const u = await signUp(t.app);
    const up = (await uploadFile(u, fixtures.png, 'card.png')).json();
    const kept = up.cloud_url.replace('/media/', '');
    const { storage } = t.deps;
    await storage.put('zz/orphan.jpg', Buffer.from('orphan'));
    await storage.put(previewKey('zz/orphan.jpg', 'thumb'), Buffer.from('orphan preview'));
    // what a kill -9 between write and rename leaves
    await storage.put('zz/half.jpg.123.abc.tmp', Buffer.from('half'));
    // another module's folder: a greeting's rendered picture is not an upload
    await storage.put('pictures/g/5e5e.jpg', Buffer.from('picture'));
    const later = Date.now() + LEFTOVER_GRACE_MS + 60_000;

    // fresh files are left alone (an upload may be writing them)
    expect((await sweepStorageLeftovers(t.deps)).removed).toBe(0);
    const res = await sweepStorageLeftovers(t.deps, later);
    expect(res.removed).toBe(3);
    expect(await storage.exists('zz/orphan.jpg')).toBe(false);
    expect(await storage.exists(previewKey('zz/orphan.jpg', 'thumb'))).toBe(false);
    expect(await storage.exists('zz/half.jpg.123.abc.tmp')).toBe(false);
    expect(await storage.exists(kept)).toBe(true);
    expect(await storage.exists(previewKey(kept, 'thumb'))).toBe(true);
    expect(await storage.exists('pictures/g/5e5e.jpg')).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: up.cloud_url })).statusCode).toBe(200);
  });

  it('checks the listing in batches: 1,100 old files no postcard refers to all go, every file a postcard refers to stays', async () => {
    const u = await signUp(t.app);
    const up = (await uploadFile(u, fixtures.png, 'batch.png')).json();
    const kept = up.cloud_url.replace('/media/', '');
    const { storage } = t.deps;
    const orphans = Array.from({ length: 1100 }, (_, i) => `b${i % 7}/orphan-${i}.jpg`);
    for (const key of orphans) await storage.put(key, Buffer.from(key));
    const before = await listed();
    const res = await sweepStorageLeftovers(t.deps, Date.now() + LEFTOVER_GRACE_MS + 60_000);
    expect(res.removed).toBe(1100);
    const after = await listed();
    expect(orphans.filter((k) => after.has(k))).toEqual([]);
    expect([...before].filter((k) => !orphans.includes(k) && !after.has(k))).toEqual([]);
    expect(after.has(kept) && after.has(previewKey(kept, 'thumb'))).toBe(true);
  });
});

describe('originalKeysOf', () => {
  it('leads every preview and rendition back to its original, whatever the upload type', () => {
    for (const original of ['ab/0f0f.jpg', 'cd/1e1e.png', 'ef/2d2d.gif', '01/3c3c.mp4', '02/4b4b.webp']) {
      for (const key of derivedKeys(original)) expect(originalKeysOf(key)).toContain(original);
      expect(originalKeysOf(original)).toEqual([original]);
    }
    // a folder named like a preview size but not beside an original is its own original
    expect(originalKeysOf('ab/preview/unknown/x.webp')).toEqual(['ab/preview/unknown/x.webp']);
  });
});

async function listed(): Promise<Set<string>> {
  const keys = new Set<string>();
  for await (const obj of t.deps.storage.list()) keys.add(obj.key);
  return keys;
}
