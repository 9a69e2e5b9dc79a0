import { type RawBuilder, sql } from 'kysely';
import type { Queryable } from '../../db';
import { isPostgres } from '../../db/dialect';
import { limitOf } from '../../db/limit';
import { editDistance, type Term } from './text';

/** One word of a search: the index words it finds, and the categories whose names it is in. */
export interface WordPlan {
  terms: Term[];
  categoryIds: number[];
}

/** The postcards a search looks through: a channel's approved ones, perhaps of one category or group. */
export interface Listing {
  collectionId: number;
  /** the categories the listing is limited to (a category, or a group's); undefined: all */
  categoryIds?: number[] | undefined;
  /** only postcards created at or after this instant (the 24-hour sorts) */
  since?: string | undefined;
}

export type SearchSort = 'relevance' | 'newest' | 'popular';
/** Where the previous page ended: [score, created_at, id] by relevance, [created_at or likes, id] otherwise. */
export type SearchCursor = [number, string, number] | [string | number, number];

export interface FoundRow {
  id: number;
  score: number;
  created_at: string;
  likes_count: number;
}

// ── the index's query languages: words are letters and digits only, so they need no escaping ──

const ftsTerm = (t: Term) => (t.prefix ? `"${t.text}"*` : `"${t.text}"`);
const ftsAny = (terms: Term[]) => `(${terms.map(ftsTerm).join(' OR ')})`;
const ftsTitle = (terms: Term[]) => `title : ${ftsAny(terms)}`;
const tsTerm = (t: Term, weight: string) => `'${t.text}'${t.prefix || weight ? ':' : ''}${t.prefix ? '*' : ''}${weight}`;
const tsAny = (terms: Term[], weight = '') => terms.map((t) => tsTerm(t, weight)).join(' | ');

/**
 * Does any postcard (in any state: it only decides how a word is read) have a word the term
 * finds? SQLite asks the FTS5 vocabulary by instance (`postcard_fts_words`, migration 0078: one
 * seek in its term order, where the `row` vocabulary counts every posting of the word first and a
 * prefix query merges them all); PostgreSQL the words as written (`search_words`, a B-tree range),
 * since a tsvector search for a word no postcard has may be planned as a walk of them all.
 */
export async function termKnown(db: Queryable, t: Term): Promise<boolean> {
  const r = isPostgres(db)
    ? t.prefix
      ? await sql`select 1 as x from search_words where word >= ${t.text} and word < ${t.text} || chr(1114111) and starts_with(word, ${t.text}) limit 1`.execute(db)
      : await sql`select 1 as x from search_words where word = ${t.text}`.execute(db)
    : t.prefix
      ? await sql`select 1 as x from postcard_fts_words where term >= ${t.text} and term < ${t.text + '\u{10ffff}'} limit 1`.execute(db)
      : await sql`select 1 as x from postcard_fts_words where term = ${t.text} limit 1`.execute(db);
  return r.rows.length > 0;
}

const CYRILLIC_LETTERS = 'абвгдежзийклмнопрстуфхцчшщъыьэюя';
const LATIN_LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** Every string one edit (delete, insert, replace, swap neighbours) from `w`, over its alphabet. */
function oneEditAway(w: string): string[] {
  const letters = /[а-я]/.test(w) ? CYRILLIC_LETTERS : LATIN_LETTERS;
  const out = new Set<string>();
  for (let i = 0; i <= w.length; i++) {
    const [a, b] = [w.slice(0, i), w.slice(i)];
    if (b) out.add(a + b.slice(1));
    if (b.length > 1) out.add(a + b[1] + b[0] + b.slice(2));
    for (const c of letters) {
      out.add(a + c + b);
      if (b) out.add(a + c + b.slice(1));
    }
  }
  out.delete(w);
  return [...out];
}

/**
 * The indexed words one edit from `w`. SQLite looks every such string up in the FTS5 vocabulary;
 * PostgreSQL asks the trigram index of `search_words` (a word one edit from another of 5 letters
 * or more shares at least a third of its trigrams, above pg_trgm's 0.3) and keeps those one edit away.
 */
export async function wordsOneEditAway(db: Queryable, w: string): Promise<string[]> {
  if (isPostgres(db)) {
    const r = await sql<{ word: string }>`select word from search_words where word % ${w} and length(word) between ${w.length - 1} and ${w.length + 1}`.execute(db);
    return r.rows.map((x) => x.word).filter((x) => x !== w && editDistance(x, w) <= 1).sort();
  }
  // one seek per string in the vocabulary by instance (the `row` one would count the postings of each word found)
  const r = await sql<{ term: string }>`select value as term from json_each(${JSON.stringify(oneEditAway(w))})
    where exists (select 1 from postcard_fts_words where term = value)`.execute(db);
  return r.rows.map((x) => x.term).sort();
}

/** A prefix is searched as the words it starts when there are at most this many. */
const MAX_EXPANSION = 64;

/**
 * SQLite: a prefix as the indexed words it starts (from the FTS5 vocabulary), or the prefix itself
 * when it starts more than MAX_EXPANSION. The distinct words come in the vocabulary's term order,
 * each the first at or after the one before (a word's instances are skipped by one seek: `term >`
 * is not handed to the vocabulary, `>=` is).
 */
export async function prefixTerms(db: Queryable, t: Term): Promise<Term[]> {
  const end = t.text + '\u{10ffff}';
  const r = await sql<{ term: string }>`with recursive w(term, n) as (
      select (select term from postcard_fts_words where term >= ${t.text} and term < ${end} order by term limit 1), 1
      union all
      select (select term from postcard_fts_words where term >= w.term || char(1) and term < ${end} order by term limit 1), n + 1
      from w where w.term is not null and n <= ${MAX_EXPANSION})
    select term from w where term is not null`.execute(db);
  const found = r.rows.map((x) => x.term).filter((x) => x.startsWith(t.text));
  return found.length && found.length <= MAX_EXPANSION ? found.map((text) => ({ text, prefix: false })) : [t];
}

/**
 * SQLite: each prefix as the indexed words it starts, so the index reads them newest first and
 * stops, where a prefix query would merge every match of every such word first; and a word's exact
 * forms that no postcard has left out (each is one more seek in every segment of the index, for
 * nothing). The same postcards are found. PostgreSQL searches the terms as they are.
 */
export async function withIndexedWords(
  db: Queryable,
  words: WordPlan[],
  vocab: { prefixTerms(t: Term): Promise<Term[]>; known(t: Term): Promise<boolean> } = { prefixTerms: (t) => prefixTerms(db, t), known: (t) => termKnown(db, t) },
): Promise<WordPlan[]> {
  if (isPostgres(db)) return words;
  const out: WordPlan[] = [];
  for (const w of words) {
    const terms: Term[] = [];
    for (const t of w.terms) {
      if (t.prefix) terms.push(...(await vocab.prefixTerms(t)));
      else if (await vocab.known(t)) terms.push(t);
    }
    // a word none of whose forms is indexed finds nothing in the text, as its first form would
    out.push({ ...w, terms: terms.length ? dedupeTerms(terms) : w.terms.slice(0, 1) });
  }
  return out;
}

const dedupeTerms = (terms: Term[]) => [...new Map(terms.map((t) => [`${t.prefix ? '*' : '='}${t.text}`, t])).values()];

/** The vocabulary's version (migration 0078): what is known of the indexed words holds while it stays. */
export async function vocabularyVersion(db: Queryable): Promise<number> {
  const r = await sql<{ version: number | string }>`select version from search_vocabulary where id = 1`.execute(db);
  return Number(r.rows[0]?.version ?? 0);
}

/** A word's conditions: found in the title, found at all, in a category it names. */
function wordConditions(pg: boolean, w: WordPlan) {
  // on SQLite each is the index's matches from the oldest candidate on, read once per search
  const from = sql`rowid >= (select min(id) from found)`;
  const title = pg
    ? sql`(ps.doc @@ ${tsAny(w.terms, 'A')}::tsquery)`
    : sql`(ir.id in (select rowid from postcard_fts where postcard_fts match ${ftsTitle(w.terms)} and ${from}))`;
  const any = pg
    ? sql`(ps.doc @@ ${tsAny(w.terms)}::tsquery)`
    : sql`(ir.id in (select rowid from postcard_fts where postcard_fts match ${ftsAny(w.terms)} and ${from}))`;
  const category = w.categoryIds.length ? sql`(ir.category_id in (${sql.join(w.categoryIds)}))` : sql`(1 = 0)`;
  return { title, any, category };
}

/**
 * How many postcards a search ranks, newest first, from each of its two sources (the index's
 * matches, a named category's postcards): a search lists at most these (docs/PRODUCT-RULES.md,
 * Search), so its cost does not grow with the gallery.
 */
export const SEARCH_CANDIDATES = 300;

const visible = (listing: Listing) =>
  sql`ir.collection_id = ${listing.collectionId} and ir.is_approved = 1 and ir.is_banned = 0
    ${listing.categoryIds ? sql`and ir.category_id in (${sql.join(listing.categoryIds)})` : sql``}
    ${listing.since !== undefined ? sql`and ir.created_at >= ${listing.since}` : sql``}`;

/** The newest visible postcards of the listing whose text the words find, read from the index newest first. */
function textMatches(pg: boolean, words: WordPlan[], listing: Listing) {
  const limit = limitOf(SEARCH_CANDIDATES);
  return pg
    ? // each match's postcard read by its key, only for the rows the index walk keeps (`offset 0`
      // keeps the planner from joining instead: a merge join walked the postcards' own index as far)
      sql`select ps.id from postcard_search as ps
        cross join lateral (select id, collection_id, is_approved, is_banned, category_id, created_at
          from image_relations where id = ps.id offset 0) as ir
        where ps.doc @@ ${words.map((w) => `(${tsAny(w.terms)})`).join(' & ')}::tsquery and ${visible(listing)}
        order by ps.id desc ${limit}`
    : sql`select postcard_fts.rowid as id from postcard_fts cross join image_relations as ir
        where postcard_fts match ${words.map((w) => ftsAny(w.terms)).join(' AND ')} and ir.id = postcard_fts.rowid and ${visible(listing)}
        order by postcard_fts.rowid desc ${limit}`;
}

/** The newest visible postcards of the listing in each named category (each an index range), at most SEARCH_CANDIDATES in all. */
function categoryMembers(categoryIds: number[], listing: Listing) {
  const within = listing.categoryIds ? categoryIds.filter((id) => listing.categoryIds!.includes(id)) : categoryIds;
  if (!within.length) return undefined;
  const limit = limitOf(SEARCH_CANDIDATES);
  const ranges = within.map(
    (id, i) => sql`select * from (select ir.id, ir.created_at from image_relations as ir
      where ${visible({ ...listing, categoryIds: undefined })} and ir.category_id = ${id}
      order by ir.created_at desc, ir.id desc ${limit}) as ${sql.raw(`c${i}`)}`,
  );
  return sql`select id from (select id, created_at from (${sql.join(ranges, sql` union all `)}) as named order by created_at desc, id desc ${limit}) as newest`;
}

/**
 * The postcards a search ranks: those every word can find, newest first from two sources. Words
 * found only in text narrow the index's matches; when every word also names categories, the
 * word naming the fewest gives its text's matches and its categories' postcards. `inText`: the
 * words every candidate has in its text (those of the index's query, when it is the only source).
 */
function candidates(pg: boolean, words: WordPlan[], listing: Listing): { query: RawBuilder<unknown>; inText: Set<WordPlan> } {
  const textOnly = words.filter((w) => !w.categoryIds.length);
  if (textOnly.length) return { query: sql`select id from (${textMatches(pg, textOnly, listing)}) as t`, inText: new Set(textOnly) };
  const narrowest = [...words].sort((a, b) => a.categoryIds.length - b.categoryIds.length)[0]!;
  const members = categoryMembers(narrowest.categoryIds, listing);
  const text = sql`select id from (${textMatches(pg, [narrowest], listing)}) as t`;
  return members ? { query: sql`${text} union ${members}`, inText: new Set() } : { query: text, inText: new Set([narrowest]) };
}

/**
 * One page of a search's postcards: approved, not banned, of the listing, each word found. Score:
 * per word, 3 in the title, 1 found in the text at all, 2 by its category's, group's or holiday's
 * name. By relevance the page is ordered by score, then newest; else by the listing's sort.
 */
export async function findPage(
  db: Queryable,
  words: WordPlan[],
  listing: Listing,
  sort: SearchSort,
  page: { cursor?: SearchCursor | undefined; offset: number; limit: number },
): Promise<FoundRow[]> {
  const pg = isPostgres(db);
  const found = candidates(pg, words, listing);
  // a word every candidate has in its text is found at all in each: no need to ask the index again
  const conditions = words.map((w) => (found.inText.has(w) ? { ...wordConditions(pg, w), any: sql`(1 = 1)` } : wordConditions(pg, w)));
  // each word's marks are asked once per candidate (a kept table: SQLite would otherwise ask the
  // index again for the score and for the filter), then added up and checked
  const flag = (cond: RawBuilder<unknown>, name: string) => sql`case when ${cond} then 1 else 0 end as ${sql.raw(name)}`;
  const marks = sql.join(
    conditions.flatMap((c, i) => [flag(c.title, `t${i}`), flag(c.any, `a${i}`), flag(c.category, `c${i}`)]),
    sql`, `,
  );
  const score = sql.raw(conditions.map((_, i) => `(3 * t${i} + a${i} + 2 * c${i})`).join(' + '));
  const every = sql.raw(conditions.map((_, i) => `(a${i} = 1 or c${i} = 1)`).join(' and '));
  const c = page.cursor;
  let after = sql``;
  let order = sql`s.score desc, s.created_at desc, s.id desc`;
  if (sort === 'relevance') {
    if (c && c.length === 3) after = sql`where (s.score, s.created_at, s.id) < (${c[0]}, ${c[1]}, ${c[2]})`;
  } else {
    const col = sql.ref(sort === 'popular' ? 's.likes_count' : 's.created_at');
    order = sql`${col} desc, s.id desc`;
    if (c && c.length === 2) after = sql`where (${col}, s.id) < (${c[0]}, ${c[1]})`;
  }
  const bounds = !c && page.offset ? sql`${limitOf(page.limit)} offset ${page.offset}` : limitOf(page.limit);
  const r = await sql<FoundRow>`
    with found as ${pg ? sql`` : sql`materialized`} (${found.query}),
    marked as materialized (
      select ir.id, ir.created_at, ir.likes_count, ${marks}
      from found
        cross join image_relations as ir
        ${pg ? sql`cross join postcard_search as ps` : sql``}
      where ir.id = found.id ${pg ? sql`and ps.id = ir.id` : sql``}
        and ${visible(listing)})
    select s.id, s.score, s.created_at, s.likes_count from (
      select id, created_at, likes_count, ${score} as score from marked where ${every}
    ) as s
    ${after}
    order by ${order}
    ${bounds}`.execute(db);
  return r.rows.map((x) => ({ ...x, id: Number(x.id), score: Number(x.score), likes_count: Number(x.likes_count) }));
}

/** The categories of a group (and, with a category asked too, that category if it is in the group). */
export async function groupCategories(db: Queryable, groupId: number, categoryId?: number): Promise<number[]> {
  const r = await sql<{ id: number }>`select id from categories where group_id = ${groupId} order by id`.execute(db);
  const ids = r.rows.map((x) => Number(x.id));
  return categoryId === undefined ? ids : ids.filter((id) => id === categoryId);
}

/** Counts one more search of `query` (normalised text). */
export async function recordQuery(db: Queryable, query: string, lang: string, at: string): Promise<void> {
  await sql`insert into search_queries (query, lang, count, last_at) values (${query}, ${lang}, 1, ${at})
    on conflict (query) do update set count = search_queries.count + 1, last_at = excluded.last_at`.execute(db);
}

/** The most frequent searches in a language since `since` (searched at least `min` times), perhaps starting with `prefix`. */
export async function frequentQueries(db: Queryable, o: { lang: string; since: string; min: number; prefix?: string; limit: number }): Promise<string[]> {
  const starts = o.prefix ? sql`and query >= ${o.prefix} and query < ${o.prefix + '\uffff'}` : sql``;
  const r = await sql<{ query: string }>`select query from search_queries
    where lang = ${o.lang} and count >= ${o.min} and last_at >= ${o.since} ${starts}
    order by count desc, query ${limitOf(o.limit)}`.execute(db);
  return r.rows.map((x) => x.query);
}
