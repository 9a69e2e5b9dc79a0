import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CaptionFontsResponse, Greeting } from '@otkrytka/contract';
import { greetingStillPicture } from '../src/modules/pictures';
import { makeChannel, makePostcard } from './factories/collection';
import { momentIn, sendGreeting } from './factories/greetings';
import { fixtures } from './fixtures';
import { client, createTestApp, signUp, type TestApp } from './helpers';

type User = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let sender: User;
let stranger: User;

const caption = { text: 'С днём рождения!\nHappy birthday 🎉', font: 'lobster', color: '#FFFFFF', size: 0.08, align: 'center', x: 0.5, y: 0.3, effect: 'outline' };

/** An approved postcard whose file is really stored (a still card, or the GIF fixture). */
async function storedCard(kind: 'image' | 'gif' = 'image') {
  const owner = await signUp(t.app);
  const channel = await makeChannel(t, owner.user.id);
  const card = await makePostcard(t, { userId: owner.user.id, collectionId: channel.id, approved: true });
  const bytes = kind === 'gif' ? fixtures.gif : await sharp({ create: { width: 600, height: 800, channels: 3, background: '#3366cc' } }).jpeg().toBuffer();
  const key = kind === 'gif' ? card.storage_key.replace(/\.jpg$/, '.gif') : card.storage_key;
  await t.deps.storage.put(key, bytes);
  await t.db.updateTable('image_relations').set({ storage_key: key, media_kind: kind, width: kind === 'gif' ? 320 : 600, height: kind === 'gif' ? 240 : 800 }).where('id', '=', card.id).execute();
  return { ...card, storage_key: key };
}

/** How many picture files were written (each drawing writes its picture once). */
const pictureWrites = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.filter(([key]) => String(key).startsWith('pictures/') && !String(key).endsWith('.mp4')).length;

beforeAll(async () => {
  t = await createTestApp();
  sender = await signUp(t.app);
  stranger = await signUp(t.app);
});
afterAll(() => t.close());

describe('caption fonts', () => {
  it('lists at least six fonts with their licences, each file served as TTF', async () => {
    const res = await client(t.app).get('/api/caption/fonts');
    expect(res.statusCode).toBe(200);
    const { fonts } = res.json() as CaptionFontsResponse;
    expect(fonts.length).toBeGreaterThanOrEqual(6);
    expect(new Set(fonts.map((f) => f.style))).toEqual(new Set(['script', 'serif', 'sans', 'playful']));
    for (const f of fonts) {
      expect(f.licence).toMatch(/Open Font License/);
      const file = await client(t.app).get(f.url);
      expect(file.statusCode, f.url).toBe(200);
      expect(file.headers['content-type']).toBe('font/ttf');
      expect(file.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0, 1, 0, 0]));
    }
    expect((await client(t.app).get('/api/caption/fonts/comic-sans.ttf')).statusCode).toBe(404);
  });
});

describe('the caption of a greeting', () => {
  it('is refused with 422 naming the field when over its limits or in an unknown font', async () => {
    const card = await storedCard();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...caption, text: 'один\nдва\nтри\nчетыре' }, 'caption.text'],
      [{ ...caption, text: 'я'.repeat(121) }, 'caption.text'],
      [{ ...caption, font: 'comic-sans' }, 'caption.font'],
      [{ ...caption, color: 'red' }, 'caption.color'],
      [{ ...caption, x: 1.5 }, 'caption.x'],
      [{ ...caption, size: 1 }, 'caption.size'],
    ];
    for (const [bad, field] of cases) {
      const res = await sender.post('/api/greetings', { image_relations_id: card.id, caption: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(res.json().field).toBe(field);
    }
    // 120 characters, an emoji counting as one, is within the limit
    const ok = await sender.post('/api/greetings', { image_relations_id: card.id, caption: { ...caption, text: `${'я'.repeat(118)}👍🏽!` } });
    expect(ok.statusCode, ok.body).toBe(201);
    const g = ok.json() as Greeting;
    expect((await sender.patch(`/api/greetings/${g.id}`, { caption: { ...caption, font: 'nope' } })).json().field).toBe('caption.font');
  });

  it('is stored and answered as given; the picture is a JPEG drawn once for 10 parallel first requests, and again when the caption changes', async () => {
    const card = await storedCard();
    const g = await sendGreeting(t, sender, { image_relations_id: card.id, caption });
    expect(g.caption).toEqual({ ...caption, color: '#ffffff' });
    expect(g.picture_footer).toBe(false);
    expect(g.picture_url).toMatch(new RegExp(`^/api/greetings/${g.id}/picture\\?v=`));
    const put = vi.spyOn(t.deps.storage, 'put');
    const answers = await Promise.all(Array.from({ length: 10 }, () => client(t.app).get(g.picture_url!)));
    for (const a of answers) {
      expect(a.statusCode).toBe(200);
      expect(a.headers['content-type']).toBe('image/jpeg');
      expect(a.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
    }
    expect(pictureWrites(put)).toBe(1);
    const etag = String(answers[0]!.headers.etag);
    expect((await client(t.app).raw('GET', g.picture_url!, undefined, { 'if-none-match': etag })).statusCode).toBe(304);
    const meta = await sharp(answers[0]!.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([600, 800]);

    const edited = (await sender.patch(`/api/greetings/${g.id}`, { caption: { ...caption, text: 'Новая подпись' } })).json() as Greeting;
    expect(edited.picture_url).not.toBe(g.picture_url);
    const again = await client(t.app).get(edited.picture_url!);
    expect(pictureWrites(put)).toBe(2);
    expect(again.rawPayload.equals(answers[0]!.rawPayload)).toBe(false);
    put.mockRestore();
  });

  it('a greeting without a caption gets the picture with the footer; a GIF card gives a GIF and, asked, its MP4', async () => {
    const card = await storedCard('gif');
    const g = await sendGreeting(t, sender, { image_relations_id: card.id });
    expect(g.caption).toBeNull();
    expect(g.picture_footer).toBe(true);
    const gif = await client(t.app).get(g.picture_url!);
    expect(gif.statusCode).toBe(200);
    expect(gif.headers['content-type']).toBe('image/gif');
    const mp4 = await client(t.app).get(`${g.picture_url!}&format=mp4`);
    expect(mp4.statusCode).toBe(200);
    expect(mp4.headers['content-type']).toBe('video/mp4');
    expect(mp4.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
  });
});

describe("a sealed greeting's picture", () => {
  it('is the sender\'s alone until the moment: others get no picture_url and 404, then the picture once it opens', async () => {
    const card = await storedCard();
    const g = await sendGreeting(t, sender, { image_relations_id: card.id, caption, opens_at: momentIn(t, 2 * 3600_000) });
    expect((await sender.get(g.picture_url!)).statusCode).toBe(200);
    const seen = (await stranger.get(`/api/greetings/${g.id}`)).json();
    expect(seen.sealed).toBe(true);
    expect(seen).not.toHaveProperty('picture_url');
    expect((await stranger.get(g.picture_url!)).statusCode).toBe(404);
    expect((await client(t.app).get(`/api/greetings/${g.id}/picture`)).statusCode).toBe(404);
    // link previews (og:image) get nothing of it either
    expect(await greetingStillPicture(t.deps, g.id)).toBeNull();
    t.clock.advance(2 * 3600_000 + 60_000);
    const opened = (await stranger.get(`/api/greetings/${g.id}`)).json() as Greeting;
    expect(opened.picture_url).toBe(g.picture_url);
    expect((await stranger.get(g.picture_url!)).statusCode).toBe(200);
    const still = await greetingStillPicture(t.deps, g.id);
    expect((await sharp(still!.bytes).metadata()).format).toBe('jpeg');
  });
});

describe("a greeting's link preview", () => {
  it('shows the card with the caption on it: another picture than the bare card\'s, drawn again when the caption changes', async () => {
    const card = await storedCard();
    const bare = await sendGreeting(t, sender, { image_relations_id: card.id });
    const captioned = await sendGreeting(t, sender, { image_relations_id: card.id, caption });
    const pixels = async (id: string) => {
      const res = await client(t.app).get(`/og/greeting/${id}/wide.jpg`);
      expect(res.statusCode).toBe(200);
      return sharp(res.rawPayload).resize(64, 34, { fit: 'fill' }).raw().toBuffer();
    };
    const [a, b] = [await pixels(bare.id), await pixels(captioned.id)];
    const differing = (x: Buffer, y: Buffer) => x.reduce((n, v, i) => n + (Math.abs(v - y[i]!) > 24 ? 1 : 0), 0);
    expect(differing(a, b)).toBeGreaterThan(a.length / 100);
    expect((await sender.patch(`/api/greetings/${captioned.id}`, { caption: { ...caption, text: 'Другие слова', y: 0.7 } })).statusCode).toBe(200);
    expect(differing(b, await pixels(captioned.id))).toBeGreaterThan(a.length / 100);
  });
});

describe('a picture without a greeting', () => {
  it('is made for a signed-in user, served at a public address, and counts as a repost of the postcard', async () => {
    const card = await storedCard();
    expect((await client(t.app).post(`/api/postcards/${card.id}/picture`, { caption })).statusCode).toBe(401);
    const res = await sender.post(`/api/postcards/${card.id}/picture`, { caption });
    expect(res.statusCode, res.body).toBe(200);
    const { picture_url, mp4_url } = res.json() as { picture_url: string; mp4_url: string | null };
    expect(mp4_url).toBeNull();
    const file = await client(t.app).get(picture_url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['cache-control']).toContain('immutable');
    const row = await t.db.selectFrom('image_relations').select('reposts_count').where('id', '=', card.id).executeTakeFirstOrThrow();
    expect(row.reposts_count).toBe(1);
    expect((await sender.post(`/api/postcards/${card.id}/picture`, { caption: { ...caption, text: 'a\nb\nc\nd' } })).json().field).toBe('caption.text');
  });
});
