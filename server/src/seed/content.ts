import { BUILTIN_NAMES_EN } from '../db/migrations/builtin-names-en';
import { execFile } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sharp } from '../platform/sharp';
import type { UploadType } from '@otkrytka/contract/rules/postcards';
import type { Deps } from '../deps';
import { iso } from '../platform/clock';
import { bookmarksRepo } from '../modules/bookmarks';
import { categoriesRepo } from '../modules/categories';
import { channelsRepo } from '../modules/channels';
import { postcardsRepo } from '../modules/postcards';
import { saveUpload } from '../modules/uploads';
import { cardSvg, random } from './art';
import { DEMO_CARDS, DEMO_GIFS, DEMO_LOGIN, DEMO_GROUPS, DEMO_LOOSE_CATEGORIES, DEMO_OWN, DEMO_PENDING, DEMO_VIDEO, type DemoCard } from './catalogue';

const run = promisify(execFile);
/** Size of a demo card: the viewer's 384:590 box at 2×. */
const W = 768;
const H = 1180;
const HOUR = 3600_000;

const render = (card: DemoCard, seed: number, w = W, h = H) => sharp(Buffer.from(cardSvg({ ...card, seed }, w, h)));

/** A file name a person might have given the picture. */
const fileNameOf = (card: DemoCard, ext: string) =>
  `${card.title.replace(/[!?,.]/g, '').trim().replace(/\s+/g, '_').toLowerCase()}.${ext}`;

/** Eight frames of twinkling sparkles over a card, as an animated GIF. */
async function animatedCard(card: DemoCard, seed: number): Promise<Buffer> {
  const w = 384;
  const h = 590;
  const base = await render(card, seed, w, h).png().toBuffer();
  const r = random(seed * 31);
  const sparks = Array.from({ length: 28 }, () => ({ x: r() * w, y: r() * h, s: 3 + r() * 9, phase: r() }));
  const frames = await Promise.all(
    Array.from({ length: 8 }, (_, i) => {
      const layer = sparks
        .map((p) => {
          const o = Math.max(0, Math.sin((i / 8 + p.phase) * Math.PI * 2));
          const s = p.s * (0.6 + o * 0.6);
          return `<g transform="translate(${p.x.toFixed(1)} ${p.y.toFixed(1)})" opacity="${o.toFixed(2)}"><path d="M0 ${-s} L${s * 0.25} ${-s * 0.25} L${s} 0 L${s * 0.25} ${s * 0.25} L0 ${s} L${-s * 0.25} ${s * 0.25} L${-s} 0 L${-s * 0.25} ${-s * 0.25}Z" fill="#fff8d6"/></g>`;
        })
        .join('');
      const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${layer}</svg>`);
      return sharp(base).composite([{ input: svg }]).png().toBuffer();
    }),
  );
  return sharp(frames, { join: { animated: true } }).gif({ delay: Array(8).fill(120), loop: 0, effort: 4 }).toBuffer();
}

/** A three-second slow zoom over a card (needs ffmpeg). */
async function videoCard(card: DemoCard, seed: number): Promise<Buffer | null> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'otkrytka-seed-'));
  try {
    const still = path.join(dir, 'card.png');
    const out = path.join(dir, 'card.mp4');
    await render(card, seed, 720, 1106).png().toFile(still);
    await run('ffmpeg', [
      '-v', 'error', '-y', '-loop', '1', '-i', still,
      '-vf', "zoompan=z='min(zoom+0.0012,1.12)':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=75:s=576x886:fps=25,format=yuv420p",
      '-t', '3', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26', '-movflags', '+faststart', out,
    ]);
    return await fsp.readFile(out);
  } catch {
    return null;
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/** Runs tasks a few at a time (sharp works on a small thread pool). */
async function inBatches<T, R>(items: T[], size: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    out.push(...(await Promise.all(items.slice(i, i + size).map((item, k) => fn(item, i + k)))));
  }
  return out;
}

interface Media {
  card: DemoCard;
  data: Buffer;
  type: UploadType;
}

/**
 * The demo content on an empty database: the gallery's groups and categories (owned by the
 * moderator, who owns the gallery), 44 still cards, two animated ones and a video (with ffmpeg)
 * approved in the gallery, a few cards from the demo user waiting in the sandbox, and the demo
 * user's own channel, subscription and bookmarks.
 */
export async function seedDemoContent(deps: Deps): Promise<void> {
  const { db, config } = deps;
  const moderatorId = config.moderatorIds[0] ?? 22;
  const demo = await db.selectFrom('users').select('id').where('login', '=', DEMO_LOGIN).executeTakeFirst();
  const gallery = await channelsRepo.byId(db, config.galleryCollectionId);
  if (!demo || !gallery) return;
  const now = deps.clock.now().getTime();
  const at = (msAgo: number) => iso(new Date(now - msAgo));

  // groups and categories of the gallery owner, in order
  const categoryIds = new Map<string, number>();
  for (const [gi, g] of DEMO_GROUPS.entries()) {
    const group = await categoriesRepo.insertGroup(db, { user_id: moderatorId, name: g.name, name_en: BUILTIN_NAMES_EN[g.name] ?? null, description: g.description, created_at: at(30 * 24 * HOUR) });
    await categoriesRepo.updateGroup(db, group.id, { position: gi });
    for (const [ci, name] of g.categories.entries()) {
      const cat = await categoriesRepo.insertCategory(db, { user_id: moderatorId, name, name_en: BUILTIN_NAMES_EN[name] ?? null, group_id: group.id, created_at: at(30 * 24 * HOUR) });
      await categoriesRepo.updateCategory(db, cat.id, { position: ci });
      categoryIds.set(name, cat.id);
    }
  }
  for (const name of DEMO_LOOSE_CATEGORIES) {
    const cat = await categoriesRepo.insertCategory(db, { user_id: moderatorId, name, name_en: BUILTIN_NAMES_EN[name] ?? null, group_id: null, created_at: at(30 * 24 * HOUR) });
    categoryIds.set(name, cat.id);
  }

  // the media: stills as JPEG, animations as GIF, a video when ffmpeg is here
  const stills = await inBatches(DEMO_CARDS, 4, async (card, i): Promise<Media> => ({
    card,
    data: await render(card, i + 1).jpeg({ quality: 90 }).toBuffer(),
    type: 'jpg',
  }));
  const gifs = await Promise.all(DEMO_GIFS.map(async (card, i): Promise<Media> => ({ card, data: await animatedCard(card, 100 + i), type: 'gif' })));
  const video = (await deps.media.hasFfmpeg()) ? await videoCard(DEMO_VIDEO, 200) : null;
  // newest first: the video and an animation open the gallery, the other animation a few rows down
  const galleryMedia: Media[] = [
    ...(video ? [{ card: DEMO_VIDEO, data: video, type: 'mp4' as const }] : []),
    ...gifs.slice(0, 1),
    ...stills.slice(0, 7),
    ...gifs.slice(1),
    ...stills.slice(7),
  ];
  const uploads = await inBatches(galleryMedia, 4, (m) => saveUpload(deps, moderatorId, m.data, m.type, fileNameOf(m.card, m.type)));
  const rnd = random(42);
  for (const [position, m] of galleryMedia.entries()) {
    const up = uploads[position]!;
    // one every six hours going back, so "last 24 hours" sorts have a few
    const created = at(position * 6 * HOUR + rnd() * 3 * HOUR + 60_000);
    const { id } = await postcardsRepo.insert(db, {
      user_id: moderatorId,
      collection_id: gallery.id,
      upload_id: up.id,
      category_id: categoryIds.get(m.card.category) ?? null,
      title: m.card.title,
      description: m.card.description,
      file_name: up.file_name,
      storage_key: up.storage_key,
      media_kind: up.kind,
      width: up.width,
      height: up.height,
      has_preview: up.has_poster,
      renditions: up.renditions,
      is_approved: 1,
      is_banned: 0,
      author_name: 'Студия «Открытка»',
      author_url: null,
      source_site: 'Демо-коллекция Открытки',
      created_at: created,
      moderated_at: created,
    });
    await db
      .updateTable('image_relations')
      .set({ likes_count: Math.floor(rnd() * rnd() * 60), views_count: Math.floor(rnd() * 900) })
      .where('id', '=', id)
      .execute();
  }

  // sent to the gallery by the demo user, waiting for votes and the moderator
  const pending = await inBatches(DEMO_PENDING, 4, async (card, i) => {
    const up = await saveUpload(deps, demo.id, await render(card, 300 + i).jpeg({ quality: 90 }).toBuffer(), 'jpg', fileNameOf(card, 'jpg'));
    return { card, up };
  });
  for (const [i, { card, up }] of pending.entries()) {
    await postcardsRepo.insert(db, {
      user_id: demo.id,
      collection_id: gallery.id,
      upload_id: up.id,
      category_id: categoryIds.get(card.category) ?? null,
      title: card.title,
      description: card.description,
      file_name: up.file_name,
      storage_key: up.storage_key,
      media_kind: up.kind,
      width: up.width,
      height: up.height,
      has_preview: up.has_poster,
      renditions: up.renditions,
      is_approved: 0,
      is_banned: 0,
      author_name: null,
      author_url: null,
      source_site: null,
      created_at: at((i + 1) * 2 * HOUR),
      moderated_at: null,
    });
  }

  // the demo user's own channel, a category of theirs, a subscription and a few bookmarks
  const own = await channelsRepo.insert(db, {
    user_id: demo.id,
    name: 'Мои открытки',
    description: 'Открытки, которые я собрал для друзей и семьи',
    created_at: at(5 * 24 * HOUR),
  });
  const family = await categoriesRepo.insertCategory(db, { user_id: demo.id, name: 'Для семьи', group_id: null, created_at: at(5 * 24 * HOUR) });
  for (const [i, card] of DEMO_OWN.entries()) {
    const up = await saveUpload(deps, demo.id, await render(card, 400 + i).jpeg({ quality: 90 }).toBuffer(), 'jpg', fileNameOf(card, 'jpg'));
    await postcardsRepo.insert(db, {
      user_id: demo.id,
      collection_id: own.id,
      upload_id: up.id,
      category_id: i === 2 ? family.id : null,
      title: card.title,
      description: card.description,
      file_name: up.file_name,
      storage_key: up.storage_key,
      media_kind: up.kind,
      width: up.width,
      height: up.height,
      has_preview: up.has_poster,
      renditions: up.renditions,
      is_approved: i === 0 ? 1 : 0,
      is_banned: 0,
      author_name: null,
      author_url: null,
      source_site: null,
      created_at: at((3 - i) * 24 * HOUR),
      moderated_at: null,
    });
  }
  await channelsRepo.subscribe(db, demo.id, gallery.id, at(4 * 24 * HOUR));
  const favourites = await db
    .selectFrom('image_relations')
    .select('id')
    .where('collection_id', '=', gallery.id)
    .where('is_approved', '=', 1)
    .orderBy('id')
    .limit(3)
    .execute();
  for (const [i, f] of favourites.entries()) await bookmarksRepo.add(db, demo.id, f.id, at((i + 1) * HOUR));
}
