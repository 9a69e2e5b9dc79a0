import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * Postcard search (docs/PRODUCT-RULES.md, Search; docs/ARCHITECTURE.md, Search): an index of every
 * postcard's title (its own column, ranked higher), description and credited author, written by
 * triggers in the transaction that writes the postcard, and the searches people made (their
 * normalised text and a count: no user, no address) for "frequent searches".
 *
 * SQLite: an FTS5 table of the words as written («ё» as «е»); word forms are found by the stem's
 * start, and its vocabulary (fts5vocab) gives the words a typo is measured against.
 * PostgreSQL: a tsvector per postcard from the `russian` configuration (Russian stems; Latin words
 * by the English stemmer) and the `english` one (English stems; Cyrillic words as written), with a
 * GIN index; the words as written go to `search_words`, trigram-indexed (pg_trgm) for typos.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create or replace function search_text(t text) returns text language sql immutable as
      $$ select translate(coalesce(t, ''), 'ёЁ', 'еЕ') $$`.execute(db);
    await sql`create or replace function search_doc(title text, description text, author text) returns tsvector language sql immutable as $$
      select setweight(to_tsvector('russian', search_text(title)) || to_tsvector('english', search_text(title)), 'A')
        || setweight(to_tsvector('russian', search_text(description) || ' ' || search_text(author))
                  || to_tsvector('english', search_text(description) || ' ' || search_text(author)), 'B') $$`.execute(db);
    await sql`create table postcard_search (
      id integer primary key references image_relations(id) on delete cascade,
      doc tsvector not null)`.execute(db);
    await sql`create index postcard_search_doc on postcard_search using gin (doc)`.execute(db);
    await sql`create table search_words (word text primary key)`.execute(db);
    await sql`create index search_words_trgm on search_words using gin (word gin_trgm_ops)`.execute(db);
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
    await sql`create trigger postcard_search_insert after insert on image_relations
      for each row execute function postcard_search_write()`.execute(db);
    await sql`create trigger postcard_search_update after update of title, description, author_name on image_relations
      for each row when (old.title is distinct from new.title or old.description is distinct from new.description
        or old.author_name is distinct from new.author_name)
      execute function postcard_search_write()`.execute(db);
    await sql`insert into postcard_search (id, doc) select id, search_doc(title, description, author_name) from image_relations`.execute(db);
    await sql`insert into search_words (word)
      select distinct w from image_relations, unnest(tsvector_to_array(to_tsvector('simple',
        search_text(title) || ' ' || search_text(description) || ' ' || search_text(author_name)))) as w
      on conflict do nothing`.execute(db);
  } else {
    await sql`create virtual table postcard_fts using fts5(title, body, tokenize = 'unicode61 remove_diacritics 0', content = '', contentless_delete = 1)`.execute(db);
    await sql`create virtual table postcard_fts_vocab using fts5vocab(postcard_fts, 'row')`.execute(db);
    const row = (r: string) => sql.raw(`replace(replace(coalesce(${r}.title, ''), 'ё', 'е'), 'Ё', 'Е'),
      replace(replace(coalesce(${r}.description, '') || ' ' || coalesce(${r}.author_name, ''), 'ё', 'е'), 'Ё', 'Е')`);
    await sql`create trigger postcard_fts_insert after insert on image_relations begin
      insert into postcard_fts (rowid, title, body) values (new.id, ${row('new')});
    end`.execute(db);
    await sql`create trigger postcard_fts_update after update of title, description, author_name on image_relations begin
      delete from postcard_fts where rowid = old.id;
      insert into postcard_fts (rowid, title, body) values (new.id, ${row('new')});
    end`.execute(db);
    await sql`create trigger postcard_fts_delete after delete on image_relations begin
      delete from postcard_fts where rowid = old.id;
    end`.execute(db);
    await sql`insert into postcard_fts (rowid, title, body) select ir.id, ${row('ir')} from image_relations as ir`.execute(db);
  }
  await sql`create table search_queries (
    query text primary key,
    lang text not null,
    count integer not null,
    last_at text not null)`.execute(db);
  await sql`create index search_queries_frequent on search_queries (lang, count)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists search_queries`.execute(db);
  if (isPostgres(db)) {
    await sql`drop trigger if exists postcard_search_update on image_relations`.execute(db);
    await sql`drop trigger if exists postcard_search_insert on image_relations`.execute(db);
    await sql`drop function if exists postcard_search_write()`.execute(db);
    await sql`drop table if exists search_words`.execute(db);
    await sql`drop table if exists postcard_search`.execute(db);
    await sql`drop function if exists search_doc(text, text, text)`.execute(db);
    await sql`drop function if exists search_text(text)`.execute(db);
  } else {
    await sql`drop trigger if exists postcard_fts_delete`.execute(db);
    await sql`drop trigger if exists postcard_fts_update`.execute(db);
    await sql`drop trigger if exists postcard_fts_insert`.execute(db);
    await sql`drop table if exists postcard_fts_vocab`.execute(db);
    await sql`drop table if exists postcard_fts`.execute(db);
  }
}
