import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * Search at scale (docs/ARCHITECTURE.md, Search).
 *
 * The vocabulary's version (`search_vocabulary`, one row): a number the database moves, in the
 * transaction that writes, whenever the set of indexed words may change, so the server can keep
 * what it learnt of a word ("is it there", "the words one typo away", "the words a prefix starts")
 * for as long as the number stays. SQLite moves it on every postcard insert, text edit and delete
 * (a word leaves its FTS5 vocabulary with its last postcard); PostgreSQL only when `search_words`,
 * which never loses a word, gains one, and once per transaction (a transaction-local flag): the new
 * words and the new version become visible together at commit.
 *
 * SQLite: the FTS5 vocabulary by instance (`postcard_fts_words`), which answers "is there a word
 * starting with …" and "the next word after …" by one seek in term order; the `row` vocabulary of
 * 0072 counts every posting of each word it returns, tens of milliseconds for a common word at a
 * million postcards.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table search_vocabulary (id integer primary key, version integer not null)`.execute(db);
  await sql`insert into search_vocabulary (id, version) values (1, 0)`.execute(db);
  if (isPostgres(db)) {
    await sql`create or replace function postcard_search_write() returns trigger language plpgsql as $$
      declare added integer;
      begin
        insert into postcard_search (id, doc) values (new.id, search_doc(new.title, new.description, new.author_name))
          on conflict (id) do update set doc = excluded.doc;
        insert into search_words (word)
          select distinct w from unnest(tsvector_to_array(to_tsvector('simple',
            search_text(new.title) || ' ' || search_text(new.description) || ' ' || search_text(new.author_name)))) as w
          on conflict do nothing;
        get diagnostics added = row_count;
        -- once per transaction: updating the one row again for every postcard of a statement would
        -- walk the chain of its earlier versions each time (a million-row statement, quadratic)
        if added > 0 and current_setting('otkrytka.search_vocabulary_moved', true) is distinct from 'yes' then
          update search_vocabulary set version = version + 1 where id = 1;
          perform set_config('otkrytka.search_vocabulary_moved', 'yes', true);
        end if;
        return null;
      end $$`.execute(db);
  } else {
    await sql`create virtual table postcard_fts_words using fts5vocab(postcard_fts, 'instance')`.execute(db);
    const bump = sql`update search_vocabulary set version = version + 1 where id = 1;`;
    await sql`create trigger search_vocabulary_insert after insert on image_relations begin ${bump} end`.execute(db);
    await sql`create trigger search_vocabulary_update after update of title, description, author_name on image_relations
      when old.title is not new.title or old.description is not new.description or old.author_name is not new.author_name
      begin ${bump} end`.execute(db);
    await sql`create trigger search_vocabulary_delete after delete on image_relations begin ${bump} end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create or replace function postcard_search_write() returns trigger language plpgsql as $$
      begin
        insert into postcard_search (id, doc) values (new.id, search_doc(new.title, new.description, new.author_name))
          on conflict (id) do update set doc = excluded.doc;
        insert into search_words (word)
          select distinct w from unnest(tsvector_to_array(to_tsvector('simple',
            search_text(new.title) || ' ' || search_text(new.description) || ' ' || search_text(new.author_name)))) as w
          on conflict do nothing;
        return null;
      end $$`.execute(db);
  } else {
    await sql`drop trigger if exists search_vocabulary_delete`.execute(db);
    await sql`drop trigger if exists search_vocabulary_update`.execute(db);
    await sql`drop trigger if exists search_vocabulary_insert`.execute(db);
    await sql`drop table if exists postcard_fts_words`.execute(db);
  }
  await sql`drop table if exists search_vocabulary`.execute(db);
}
