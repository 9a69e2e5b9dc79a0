import type { Deps } from '../../server/src/deps';

const CHUNK = 1000;

/**
 * Fills the gallery with `count` approved postcards (plus the moderator who owns it and a few
 * categories), as fast as SQLite allows: multi-row inserts in one transaction.
 */
export async function fillGallery(deps: Deps, count: number): Promise<void> {
  const { db, config } = deps;
  const moderatorId = config.moderatorIds[0] ?? 22;
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values({
        id: moderatorId,
        email: 'moderator@bench.local',
        login: 'moderator',
        username: 'Модератор',
        first_name: null,
        last_name: null,
        password_hash: null,
        telegram_id: null,
        auth_type: 'local',
        created_at: new Date(now).toISOString(),
      } as never)
      .execute();
    await trx
      .insertInto('collections')
      .values({ id: config.galleryCollectionId, user_id: moderatorId, name: 'Галерея', description: null, created_at: new Date(now).toISOString() } as never)
      .execute();
    const categories = await trx
      .insertInto('categories')
      .values(Array.from({ length: 12 }, (_, i) => ({ user_id: moderatorId, name: `Категория ${i + 1}`, group_id: null, position: i, created_at: new Date(now).toISOString() })))
      .returning('id')
      .execute();
    for (let start = 0; start < count; start += CHUNK) {
      const rows = Array.from({ length: Math.min(CHUNK, count - start) }, (_, k) => {
        const i = start + k;
        const hash = i.toString(16).padStart(64, '0');
        return {
          user_id: moderatorId,
          collection_id: config.galleryCollectionId,
          upload_id: null,
          category_id: categories[i % categories.length]!.id,
          title: `Открытка ${i}`,
          description: `Поздравление номер ${i}: счастья, радости и тепла!`,
          file_name: `card-${i}.jpg`,
          storage_key: `${hash.slice(0, 2)}/${hash}.jpg`,
          media_kind: 'image' as const,
          width: 768,
          height: 1180,
          is_approved: 1,
          is_banned: 0,
          likes_count: (i * 7919) % 500,
          author_name: null,
          author_url: null,
          source_site: null,
          // one a minute going back in time
          created_at: new Date(now - i * 60_000).toISOString(),
          moderated_at: null,
        };
      });
      await trx.insertInto('image_relations').values(rows).execute();
    }
  });
}
