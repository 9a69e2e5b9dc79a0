import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * PostgreSQL: the gallery versions (0061) are bumped once per statement, for the distinct
 * listings the statement touched, instead of once per row. Updating one row many times in one
 * transaction leaves PostgreSQL a chain of versions to walk on every update, so a statement that
 * writes many postcards (a bulk moderation, an import) slowed down with the square of its rows.
 * (SQLite updates in place; its row triggers stay.)
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger gallery_postcard_changed on image_relations`.execute(db);
  await sql`drop function gallery_postcard_changed()`.execute(db);
  await sql`
    create function gallery_rows_changed() returns trigger language plpgsql as $$
    begin
      insert into gallery_versions (scope, version)
      select s, 1 from (
        select 'c' || r.collection_id as s from changed_rows r
        union select 'c' || r.collection_id || ':k' || coalesce(r.category_id, 0) from changed_rows r
        union select 'c' || r.collection_id || ':g' || coalesce(c.group_id, 0) from changed_rows r left join categories c on c.id = r.category_id
      ) scopes order by s
      on conflict (scope) do update set version = gallery_versions.version + 1;
      return null;
    end $$`.execute(db);
  // one trigger per event: PostgreSQL allows a transition table only on single-event triggers;
  // an update bumps the listings of the rows before and after it (a postcard may move)
  await sql`create trigger gallery_rows_inserted after insert on image_relations referencing new table as changed_rows for each statement execute function gallery_rows_changed()`.execute(db);
  await sql`create trigger gallery_rows_deleted after delete on image_relations referencing old table as changed_rows for each statement execute function gallery_rows_changed()`.execute(db);
  await sql`create trigger gallery_rows_updated_old after update on image_relations referencing old table as changed_rows for each statement execute function gallery_rows_changed()`.execute(db);
  await sql`create trigger gallery_rows_updated_new after update on image_relations referencing new table as changed_rows for each statement execute function gallery_rows_changed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const t of ['gallery_rows_inserted', 'gallery_rows_deleted', 'gallery_rows_updated_old', 'gallery_rows_updated_new']) {
    await sql.raw(`drop trigger ${t} on image_relations`).execute(db);
  }
  await sql`drop function gallery_rows_changed()`.execute(db);
  await sql`
    create function gallery_postcard_changed() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then perform gallery_bump(old.collection_id, old.category_id); end if;
      if tg_op = 'INSERT' or (tg_op = 'UPDATE' and (new.collection_id <> old.collection_id or new.category_id is distinct from old.category_id)) then
        perform gallery_bump(new.collection_id, new.category_id);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger gallery_postcard_changed after insert or update or delete on image_relations for each row execute function gallery_postcard_changed()`.execute(db);
}
