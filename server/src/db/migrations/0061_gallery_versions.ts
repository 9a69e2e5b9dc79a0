import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * Versions of the gallery's listings, kept by the database itself so every server process sees a
 * write the moment it commits: any insert, update or delete of a postcard bumps, in the same
 * transaction, the version of its channel (`c{channel}`), its category (`c{channel}:k{category}`)
 * and its category's group (`c{channel}:g{group}`); renaming a user or moving a category to
 * another group bumps `*`. A cached gallery page is served only while the versions it was read at
 * are unchanged (modules/gallery/cache.ts), so a like in one category keeps the other categories'
 * pages cached.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('gallery_versions')
    .addColumn('scope', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  if (isPostgres(db)) {
    await sql`
      create function gallery_bump(col integer, cat integer) returns void language sql as $$
        insert into gallery_versions (scope, version) values
          ('c' || col, 1),
          ('c' || col || ':k' || coalesce(cat, 0), 1),
          ('c' || col || ':g' || coalesce((select group_id from categories where id = cat), 0), 1)
        on conflict (scope) do update set version = gallery_versions.version + 1
      $$`.execute(db);
    await sql`
      create function gallery_postcard_changed() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then perform gallery_bump(old.collection_id, old.category_id); end if;
        if tg_op = 'INSERT' or (tg_op = 'UPDATE' and (new.collection_id <> old.collection_id or new.category_id is distinct from old.category_id)) then
          perform gallery_bump(new.collection_id, new.category_id);
        end if;
        return null;
      end $$`.execute(db);
    await sql`
      create function gallery_bump_all() returns trigger language plpgsql as $$
      begin
        insert into gallery_versions (scope, version) values ('*', 1) on conflict (scope) do update set version = gallery_versions.version + 1;
        return null;
      end $$`.execute(db);
    await sql`create trigger gallery_postcard_changed after insert or update or delete on image_relations for each row execute function gallery_postcard_changed()`.execute(db);
    await sql`create trigger gallery_user_renamed after update of username, login on users for each row execute function gallery_bump_all()`.execute(db);
    await sql`create trigger gallery_category_moved after update of group_id on categories for each row execute function gallery_bump_all()`.execute(db);
    return;
  }
  const bump = (row: 'new' | 'old') => `
    insert into gallery_versions (scope, version) values
      ('c' || ${row}.collection_id, 1),
      ('c' || ${row}.collection_id || ':k' || coalesce(${row}.category_id, 0), 1),
      ('c' || ${row}.collection_id || ':g' || coalesce((select group_id from categories where id = ${row}.category_id), 0), 1)
    on conflict (scope) do update set version = version + 1;`;
  const bumpAll = `insert into gallery_versions (scope, version) values ('*', 1) on conflict (scope) do update set version = version + 1;`;
  await sql.raw(`create trigger gallery_postcard_inserted after insert on image_relations begin ${bump('new')} end`).execute(db);
  await sql.raw(`create trigger gallery_postcard_deleted after delete on image_relations begin ${bump('old')} end`).execute(db);
  await sql.raw(`create trigger gallery_postcard_updated after update on image_relations begin ${bump('old')} end`).execute(db);
  await sql
    .raw(
      `create trigger gallery_postcard_moved after update of collection_id, category_id on image_relations
       when new.collection_id <> old.collection_id or new.category_id is not old.category_id begin ${bump('new')} end`,
    )
    .execute(db);
  await sql.raw(`create trigger gallery_user_renamed after update of username, login on users begin ${bumpAll} end`).execute(db);
  await sql.raw(`create trigger gallery_category_moved after update of group_id on categories begin ${bumpAll} end`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger gallery_postcard_changed on image_relations`.execute(db);
    await sql`drop trigger gallery_user_renamed on users`.execute(db);
    await sql`drop trigger gallery_category_moved on categories`.execute(db);
    await sql`drop function gallery_postcard_changed()`.execute(db);
    await sql`drop function gallery_bump_all()`.execute(db);
    await sql`drop function gallery_bump(integer, integer)`.execute(db);
  } else {
    for (const t of ['gallery_postcard_inserted', 'gallery_postcard_deleted', 'gallery_postcard_updated', 'gallery_postcard_moved', 'gallery_user_renamed', 'gallery_category_moved']) {
      await sql.raw(`drop trigger ${t}`).execute(db);
    }
  }
  await db.schema.dropTable('gallery_versions').execute();
}
