import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * PostgreSQL: the gallery versions (0061, 0062) are bumped at commit, once per listing per
 * transaction, instead of at the statement that changed a postcard. Every like or bookmark in the
 * gallery bumps the same rows (`c9`…); bumped mid-transaction, they stayed locked over the
 * transaction's remaining round trips, and under load writes queued behind each other (p99 of
 * writes 802 ms). Deferred row triggers run at commit, still inside the transaction, so a version
 * and the change it stands for still commit together. A transaction-local setting per listing
 * keeps a bulk statement from bumping the same row once per postcard.
 * (SQLite has one writer at a time; its triggers stay.)
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const t of ['gallery_rows_inserted', 'gallery_rows_deleted', 'gallery_rows_updated_old', 'gallery_rows_updated_new']) {
    await sql.raw(`drop trigger ${t} on image_relations`).execute(db);
  }
  await sql`
    create function gallery_bump_once(col integer, cat integer) returns void language plpgsql as $$
    declare s text;
    begin
      foreach s in array array['c' || col, 'c' || col || ':k' || coalesce(cat, 0),
                               'c' || col || ':g' || coalesce((select group_id from categories where id = cat), 0)] loop
        if current_setting('otkrytka.bumped_' || md5(s), true) is distinct from '1' then
          perform set_config('otkrytka.bumped_' || md5(s), '1', true);
          insert into gallery_versions (scope, version) values (s, 1)
          on conflict (scope) do update set version = gallery_versions.version + 1;
        end if;
      end loop;
    end $$`.execute(db);
  await sql`
    create function gallery_row_changed() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then perform gallery_bump_once(old.collection_id, old.category_id); end if;
      if tg_op <> 'DELETE' then perform gallery_bump_once(new.collection_id, new.category_id); end if;
      return null;
    end $$`.execute(db);
  await sql`
    create constraint trigger gallery_row_changed after insert or update or delete on image_relations
    deferrable initially deferred for each row execute function gallery_row_changed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger gallery_row_changed on image_relations`.execute(db);
  await sql`drop function gallery_row_changed()`.execute(db);
  await sql`drop function gallery_bump_once(integer, integer)`.execute(db);
  await sql`create trigger gallery_rows_inserted after insert on image_relations referencing new table as changed_rows for each statement execute function gallery_rows_changed()`.execute(db);
  await sql`create trigger gallery_rows_deleted after delete on image_relations referencing old table as changed_rows for each statement execute function gallery_rows_changed()`.execute(db);
  await sql`create trigger gallery_rows_updated_old after update on image_relations referencing old table as changed_rows for each statement execute function gallery_rows_changed()`.execute(db);
  await sql`create trigger gallery_rows_updated_new after update on image_relations referencing new table as changed_rows for each statement execute function gallery_rows_changed()`.execute(db);
}
