import crypto from 'node:crypto';
import { BUILTIN_NAMES_EN } from '../db/migrations/builtin-names-en';
import { execFile } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sharp } from '../platform/sharp';
import { MEDIA_KIND_OF_TYPE } from '@otkrytka/contract';
import type { UploadType } from '@otkrytka/contract/rules/postcards';
import type { Deps } from '../deps';
import type { Queryable } from '../db';
import { retryingTx } from '../jobs/runner';
import { iso } from '../platform/clock';
import { bookmarksRepo } from '../modules/bookmarks';
import { categoriesRepo } from '../modules/categories';
import { channelsRepo } from '../modules/channels';
import { postcardsRepo } from '../modules/postcards';
import { saveUpload } from '../modules/uploads';
import { cardSvg, random } from './art';
import { DEMO_CARDS, DEMO_GIFS, DEMO_GROUPS, DEMO_LOOSE_CATEGORIES, DEMO_OWN, DEMO_PENDING, DEMO_VIDEO, type DemoCard } from './catalogue';

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
async function videoCard(card: DemoCard, seed: number): Promise<Buffer> {
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
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/** Where a demo postcard goes and how it looks there. */
type Placement =
  /** approved in the gallery; `position` 0 is the newest */
  | { in: 'gallery'; position: number }
  /** sent to the gallery by the demo user, waiting for votes and the moderator */
  | { in: 'pending'; index: number }
  /** in the demo user's own channel */
  | { in: 'own'; index: number };

/** One postcard of the demo, drawn and added on its own (so a restart continues where it stopped). */
export interface DemoItem {
  card: DemoCard;
  type: UploadType;
  /** the seed of its art */
  seed: number;
  placement: Placement;
}

/**
 * Every postcard of the demo: 44 still cards, two animated ones and a video (with ffmpeg) approved
 * in the gallery — the video and an animation open it, the other animation a few rows down — a
 * few cards of the demo user waiting in the sandbox, and the demo user's own channel. Listed in the
 * order they are drawn: the quick stills first, so the gallery fills in seconds.
 */
export function demoPlan(withVideo: boolean): DemoItem[] {
  const gallery: { card: DemoCard; type: UploadType; seed: number }[] = [
    ...(withVideo ? [{ card: DEMO_VIDEO, type: 'mp4' as const, seed: 200 }] : []),
    { card: DEMO_GIFS[0]!, type: 'gif', seed: 100 },
    ...DEMO_CARDS.slice(0, 7).map((card, i) => ({ card, type: 'jpg' as const, seed: i + 1 })),
    ...DEMO_GIFS.slice(1).map((card, i) => ({ card, type: 'gif' as const, seed: 101 + i })),
    ...DEMO_CARDS.slice(7).map((card, i) => ({ card, type: 'jpg' as const, seed: i + 8 })),
  ];
  const cost = (t: UploadType) => (t === 'mp4' ? 2 : t === 'gif' ? 1 : 0);
  return [
    ...gallery.map((g, position) => ({ ...g, placement: { in: 'gallery' as const, position } })).sort((a, b) => cost(a.type) - cost(b.type)),
    ...DEMO_PENDING.map((card, index) => ({ card, type: 'jpg' as const, seed: 300 + index, placement: { in: 'pending' as const, index } })),
    ...DEMO_OWN.map((card, index) => ({ card, type: 'jpg' as const, seed: 400 + index, placement: { in: 'own' as const, index } })),
  ];
}

/** The file of a demo item: a JPEG still, an animated GIF, or an MP4 video. */
export async function drawDemoItem(item: DemoItem): Promise<Buffer> {
  if (item.type === 'gif') return animatedCard(item.card, item.seed);
  if (item.type === 'mp4') return videoCard(item.card, item.seed);
  return render(item.card, item.seed).jpeg({ quality: 90 }).toBuffer();
}

/** The demo's accounts and channels, found by their names (seed/index.ts creates them). */
export interface DemoPlaces {
  moderatorId: number;
  demoId: number;
  galleryId: number;
  ownId: number;
  /** gallery categories by name, and the demo user's «Для семьи» */
  categoryIds: Map<string, number>;
  familyId: number | null;
}

export async function demoPlaces(deps: Deps, demoId: number): Promise<DemoPlaces> {
  const { db, config } = deps;
  const moderatorId = config.moderatorIds[0] ?? 22;
  const own = await db.selectFrom('collections').select('id').where('user_id', '=', demoId).where('name', '=', DEMO_OWN_CHANNEL).orderBy('id').executeTakeFirst();
  if (!own) throw new Error(`the demo user's channel «${DEMO_OWN_CHANNEL}» is missing`);
  const categories = await db.selectFrom('categories').select(['id', 'name', 'user_id']).where('user_id', 'in', [moderatorId, demoId]).orderBy('id').execute();
  const categoryIds = new Map<string, number>();
  for (const c of categories) if (c.user_id === moderatorId && !categoryIds.has(c.name)) categoryIds.set(c.name, c.id);
  const family = categories.find((c) => c.user_id === demoId && c.name === DEMO_FAMILY_CATEGORY);
  return { moderatorId, demoId, galleryId: config.galleryCollectionId, ownId: own.id, categoryIds, familyId: family?.id ?? null };
}

/** The demo user's own channel and its category. */
export const DEMO_OWN_CHANNEL = 'Мои открытки';
export const DEMO_FAMILY_CATEGORY = 'Для семьи';

/**
 * The gallery's groups and categories (owned by the moderator, who owns the gallery), the demo
 * user's own channel with a category of theirs, and their subscription to the gallery — in the
 * transaction that creates the accounts.
 */
export async function seedDemoChannels(trx: Queryable, deps: Deps, demoId: number, base: Date) {
  const moderatorId = deps.config.moderatorIds[0] ?? 22;
  const at = (msAgo: number) => iso(new Date(base.getTime() - msAgo));
  for (const [gi, g] of DEMO_GROUPS.entries()) {
    const group = await categoriesRepo.insertGroup(trx, { user_id: moderatorId, name: g.name, name_en: BUILTIN_NAMES_EN[g.name] ?? null, description: g.description, created_at: at(30 * 24 * HOUR) });
    await categoriesRepo.updateGroup(trx, group.id, { position: gi });
    for (const [ci, name] of g.categories.entries()) {
      const cat = await categoriesRepo.insertCategory(trx, { user_id: moderatorId, name, name_en: BUILTIN_NAMES_EN[name] ?? null, group_id: group.id, created_at: at(30 * 24 * HOUR) });
      await categoriesRepo.updateCategory(trx, cat.id, { position: ci });
    }
  }
  for (const name of DEMO_LOOSE_CATEGORIES) {
    await categoriesRepo.insertCategory(trx, { user_id: moderatorId, name, name_en: BUILTIN_NAMES_EN[name] ?? null, group_id: null, created_at: at(30 * 24 * HOUR) });
  }
  await channelsRepo.insert(trx, {
    user_id: demoId,
    name: DEMO_OWN_CHANNEL,
    description: 'Открытки, которые я собрал для друзей и семьи',
    created_at: at(5 * 24 * HOUR),
  });
  await categoriesRepo.insertCategory(trx, { user_id: demoId, name: DEMO_FAMILY_CATEGORY, group_id: null, created_at: at(5 * 24 * HOUR) });
  await channelsRepo.subscribe(trx, demoId, deps.config.galleryCollectionId, at(4 * 24 * HOUR));
}

/** Whether the postcard of `item` is already there (a restart continues after it). */
async function isThere(deps: Deps, places: DemoPlaces, item: DemoItem): Promise<boolean> {
  const { channel, owner } = whereOf(places, item);
  const row = await deps.db
    .selectFrom('image_relations')
    .select('id')
    .where('collection_id', '=', channel)
    .where('user_id', '=', owner)
    .where('title', '=', item.card.title)
    .where('media_kind', '=', MEDIA_KIND_OF_TYPE[item.type])
    .executeTakeFirst();
  return !!row;
}

const whereOf = (p: DemoPlaces, item: DemoItem) =>
  item.placement.in === 'gallery'
    ? { channel: p.galleryId, owner: p.moderatorId }
    : item.placement.in === 'pending'
      ? { channel: p.galleryId, owner: p.demoId }
      : { channel: p.ownId, owner: p.demoId };

/**
 * Draws one demo item and adds its postcard. The upload of the same picture by the same user is
 * reused when a start before stopped between the two (the art is the same on every draw).
 */
async function addItem(deps: Deps, places: DemoPlaces, item: DemoItem, base: Date, draw: (item: DemoItem) => Promise<Buffer>) {
  const { db } = deps;
  const { channel, owner } = whereOf(places, item);
  const data = await draw(item);
  const hash = crypto.createHash('sha256').update(data).digest('hex');
  const earlier = await db.selectFrom('uploads').selectAll().where('user_id', '=', owner).where('hash', '=', hash).orderBy('id').executeTakeFirst();
  const up = earlier ?? (await saveUpload(deps, owner, data, item.type, fileNameOf(item.card, item.type)));
  const at = (msAgo: number) => iso(new Date(base.getTime() - msAgo));
  const p = item.placement;
  // one every six hours going back, so "last 24 hours" sorts have a few
  const rnd = random(42 + (p.in === 'gallery' ? p.position : 0));
  const created =
    p.in === 'gallery' ? at(p.position * 6 * HOUR + rnd() * 3 * HOUR + 60_000) : p.in === 'pending' ? at((p.index + 1) * 2 * HOUR) : at((3 - p.index) * 24 * HOUR);
  const gallery = p.in === 'gallery';
  await retryingTx(db, async (trx) => {
    const { id } = await postcardsRepo.insert(trx, {
      user_id: owner,
      collection_id: channel,
      upload_id: up.id,
      category_id: p.in === 'own' ? (p.index === 2 ? places.familyId : null) : (places.categoryIds.get(item.card.category) ?? null),
      title: item.card.title,
      description: item.card.description,
      file_name: up.file_name,
      storage_key: up.storage_key,
      media_kind: up.kind,
      width: up.width,
      height: up.height,
      has_preview: up.has_poster,
      renditions: up.renditions,
      is_approved: gallery || (p.in === 'own' && p.index === 0) ? 1 : 0,
      is_banned: 0,
      author_name: gallery ? 'Студия «Открытка»' : null,
      author_url: null,
      source_site: gallery ? 'Демо-коллекция Открытки' : null,
      created_at: created,
      moderated_at: gallery ? created : null,
    });
    if (gallery) {
      await trx
        .updateTable('image_relations')
        .set({ likes_count: Math.floor(rnd() * rnd() * 60), views_count: Math.floor(rnd() * 900) })
        .where('id', '=', id)
        .execute();
    }
  });
}

/** Draws and adds the demo items not there yet, two at a time; one that fails is reported and the others go on. */
export async function seedDemoMedia(
  deps: Deps,
  opts: { demoId: number; base: Date; draw?: (item: DemoItem) => Promise<Buffer>; stopped?: () => boolean },
): Promise<{ failed: { item: DemoItem; err: unknown }[] }> {
  const places = await demoPlaces(deps, opts.demoId);
  const plan = demoPlan(await deps.media.hasFfmpeg());
  const draw = opts.draw ?? drawDemoItem;
  const failed: { item: DemoItem; err: unknown }[] = [];
  const queue = [...plan];
  const worker = async () => {
    for (let item = queue.shift(); item && !opts.stopped?.(); item = queue.shift()) {
      try {
        if (!(await isThere(deps, places, item))) await addItem(deps, places, item, opts.base, draw);
      } catch (err) {
        failed.push({ item, err });
      }
    }
  };
  await Promise.all([worker(), worker()]);
  if (!failed.length && !opts.stopped?.()) await bookmarkFavourites(deps, places, opts.base);
  return { failed };
}

/** The demo user's bookmarks: the first three postcards of the gallery. */
async function bookmarkFavourites(deps: Deps, places: DemoPlaces, base: Date) {
  const favourites = await deps.db
    .selectFrom('image_relations')
    .select('id')
    .where('collection_id', '=', places.galleryId)
    .where('is_approved', '=', 1)
    .orderBy('id')
    .limit(3)
    .execute();
  for (const [i, f] of favourites.entries()) await bookmarksRepo.add(deps.db, places.demoId, f.id, iso(new Date(base.getTime() - (i + 1) * HOUR)));
}
