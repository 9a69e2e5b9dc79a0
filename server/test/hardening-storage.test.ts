import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewKey } from '../src/modules/postcards/present';
import { LEFTOVER_GRACE_MS, sweepStorageLeftovers } from '../src/modules/uploads/sweep';
import { fixtures } from './fixtures';
import { uploadFile } from './factories/uploads';
import { createTestApp, signUp, type TestApp } from './helpers';

/** Issue 10, finding 11: leftovers of a crash mid-upload are cleaned, nothing in use is touched. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sweepStorageLeftovers', () => {
  it('removes old *.tmp files and unreferenced originals and previews, keeps referenced and fresh files', async () => {
    const u = await signUp(t.app);
    const up = (await uploadFile(u, fixtures.png, 'card.png')).json();
    const kept = up.cloud_url.replace('/media/', '');
    const { storage } = t.deps;
    await storage.put('zz/orphan.jpg', Buffer.from('orphan'));
    await storage.put(previewKey('zz/orphan.jpg', 'thumb'), Buffer.from('orphan preview'));
    // what a kill -9 between write and rename leaves
    await storage.put('zz/half.jpg.123.abc.tmp', Buffer.from('half'));
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
    expect((await t.app.inject({ method: 'GET', url: up.cloud_url })).statusCode).toBe(200);
  });
});
