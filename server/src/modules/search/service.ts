import { SEARCH_SUGGESTIONS_MAX, type Suggestion } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { badRequest } from '../../http/errors';
import { type Lang, listingNames, type NamedThing } from './names';
import { type FoundRow, findPage, frequentQueries, groupCategories, recordQuery, type SearchCursor, type SearchSort, withIndexedWords, type WordPlan } from './repo';
import {
  EN_MONTHS,
  editDistance,
  fromWrongLayout,
  isCyrillic,
  isStopWord,
  normalise,
  RU_MONTHS_GENITIVE,
  type Term,
  termMatches,
  termsOf,
  TYPO_MIN_LENGTH,
  words,
} from './text';
import { type Vocabulary, vocabularyOf } from './vocabulary';

/** A search is counted for "frequent searches" only while it is this short and holds no address, e-mail or phone. */
const RECORD_MAX_LENGTH = 60;
const NOT_RECORDED = /@|https?:|www\.|\d{5,}|\d[\d\s()-]{6,}\d/;
/** A search is suggested to others once it was made this many times within FREQUENT_DAYS. */
export const FREQUENT_MIN_COUNT = 3;
const FREQUENT_DAYS = 30;
/** The holidays suggested with an empty query: those of the coming COMING_DAYS days. */
const COMING_DAYS = 30;
const DAY_MS = 86_400_000;

/** The listing a search looks through, as the gallery asks for it. */
export interface SearchAsk {
  text: string;
  collectionId: number;
  categoryId?: number | undefined;
  groupId?: number | undefined;
  sort: SearchSort;
  since?: string | undefined;
  cursor?: string | undefined;
  offset: number;
  limit: number;
}

export interface SearchAnswer {
  /** the page's postcards, in order */
  ids: number[];
  next_cursor: string | null;
  has_more: boolean;
}

interface Plan {
  words: WordPlan[];
  /** the query as recorded: its words, normalised, in the layout that was meant */
  query: string;
  lang: Lang;
  unfindable: boolean;
}

const encodeCursor = (c: SearchCursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

function decodeCursor(s: string, sort: SearchSort): SearchCursor {
  try {
    const v = JSON.parse(Buffer.from(s, 'base64url').toString()) as unknown[];
    const idOk = (x: unknown) => Number.isSafeInteger(x) && (x as number) > 0;
    if (Array.isArray(v)) {
      if (sort === 'relevance' && v.length === 3 && Number.isSafeInteger(v[0]) && typeof v[1] === 'string' && MOMENT.test(v[1]) && idOk(v[2])) return v as SearchCursor;
      if (sort === 'newest' && v.length === 2 && typeof v[0] === 'string' && MOMENT.test(v[0]) && idOk(v[1])) return v as SearchCursor;
      if (sort === 'popular' && v.length === 2 && Number.isSafeInteger(v[0]) && idOk(v[1])) return v as SearchCursor;
    }
  } catch {
    /* fall through */
  }
  throw badRequest('Invalid cursor: pass next_cursor from the previous page of the same search and sort');
}

const momentOf = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

const services = new WeakMap<Deps, ReturnType<typeof createSearchService>>();
/** The postcard search of this app. */
export function searchService(deps: Deps) {
  let s = services.get(deps);
  if (!s) services.set(deps, (s = createSearchService(deps)));
  return s;
}

function createSearchService(deps: Deps) {
  const { db } = deps;
  const vocabulary = vocabularyOf(db);
  const namesOf = (collectionId: number) => listingNames(db, collectionId, deps.config.galleryCollectionId, deps.clock.now());

  /** The categories named by things one of whose words a term finds. */
  const namedCategories = (names: NamedThing[], terms: Term[]) => {
    const ids = new Set<number>();
    for (const n of names) if (n.words.some((w) => terms.some((t) => termMatches(t, w)))) for (const id of n.categoryIds) ids.add(id);
    return ids;
  };

  /** Holidays on the dates a query names («8 марта», «23.02», "march 8"): their categories, by the words of the date. */
  function dateCategories(ws: string[], names: NamedThing[]): Map<number, Set<number>> {
    const found = new Map<number, Set<number>>();
    const monthOf = (w: string) => {
      const ru = RU_MONTHS_GENITIVE.findIndex((m) => m === w || (w.length >= 3 && m.startsWith(w.slice(0, 3)) && termsOf(w).some((t) => termMatches(t, m))));
      return ru >= 0 ? ru + 1 : EN_MONTHS.indexOf(w) + 1;
    };
    for (let i = 0; i < ws.length; i++) {
      const day = /^\d{1,2}$/.test(ws[i]!) ? Number(ws[i]) : NaN;
      if (!(day >= 1 && day <= 31)) continue;
      for (const j of [i + 1, i - 1]) {
        const month = j >= 0 && j < ws.length ? monthOf(ws[j]!) : 0;
        if (!month) continue;
        for (const n of names) {
          if (n.day?.day !== day || n.day.month !== month) continue;
          for (const k of [i, j]) {
            if (!found.has(k)) found.set(k, new Set());
            for (const id of n.categoryIds) found.get(k)!.add(id);
          }
        }
      }
    }
    return found;
  }

  /** A query read one way (as typed, or from the wrong layout): its words' plans and how many of them exist. */
  async function read(text: string, names: NamedThing[], vocab: Vocabulary): Promise<{ plan: Plan; known: number } | null> {
    const all = words(text);
    const ws = all.filter((w) => !isStopWord(w));
    if (!ws.length) return null;
    const dates = dateCategories(ws, names);
    let known = 0;
    // a word no postcard and no name has, even one typo away: the search finds nothing
    let unfindable = false;
    const plans: WordPlan[] = [];
    for (let i = 0; i < ws.length; i++) {
      const w = ws[i]!;
      let terms = termsOf(w);
      const categories = namedCategories(names, terms);
      for (const id of dates.get(i) ?? []) categories.add(id);
      let exists = categories.size > 0;
      for (const t of terms) if (!exists) exists = await vocab.known(t);
      if (exists) known++;
      else if (w.length >= TYPO_MIN_LENGTH) {
        // one typo: the indexed and named words one edit away, found in all their forms
        const near = new Set(await vocab.oneEditAway(w));
        for (const n of names) for (const nw of n.words) if (nw.length >= TYPO_MIN_LENGTH - 1 && editDistance(nw, w) <= 1) near.add(nw);
        const typoTerms = [...near].sort().flatMap(termsOf);
        terms = [...terms, ...typoTerms];
        for (const id of namedCategories(names, typoTerms)) categories.add(id);
        if (!near.size) unfindable = true;
      } else unfindable = true;
      plans.push({ terms: dedupe(terms), categoryIds: [...categories].sort((a, b) => a - b) });
    }
    return { plan: { words: plans, query: all.join(' '), lang: all.some(isCyrillic) ? 'ru' : 'en', unfindable }, known };
  }

  /** The query as meant: as typed, or — Latin letters typed for Russian — from the wrong layout when that finds more words. */
  async function plan(text: string, names: NamedThing[], vocab: Vocabulary): Promise<Plan | null> {
    const typed = await read(text, names, vocab);
    const other = fromWrongLayout(text);
    if (other === undefined || (typed && typed.known === typed.plan.words.length)) return typed?.plan ?? null;
    const switched = await read(other, names, vocab);
    if (switched && switched.known > (typed?.known ?? 0)) return switched.plan;
    return typed?.plan ?? null;
  }

  /** Counts a search once its answer has gone: the count is for suggestions, the searcher does not wait for the write. */
  function record(p: Plan) {
    if (p.query.length > RECORD_MAX_LENGTH || NOT_RECORDED.test(p.query)) return;
    const at = deps.clock.now().toISOString();
    setImmediate(() => {
      recordQuery(db, p.query, p.lang, at).catch((e: unknown) => deps.log.warn({ err: e }, 'search: could not count a search'));
    });
  }

  return {
    /** One page of a search over a listing (docs/PRODUCT-RULES.md, Search). */
    async find(ask: SearchAsk): Promise<SearchAnswer> {
      const cursor = ask.cursor ? decodeCursor(ask.cursor, ask.sort) : undefined;
      const [names, vocab] = await Promise.all([namesOf(ask.collectionId), vocabulary()]);
      const p = await plan(ask.text, names, vocab);
      const none = { ids: [], next_cursor: null, has_more: false };
      if (!p || p.unfindable) return none;
      const categoryIds = ask.groupId !== undefined ? await groupCategories(db, ask.groupId, ask.categoryId) : ask.categoryId !== undefined ? [ask.categoryId] : undefined;
      if (categoryIds && !categoryIds.length) return none;
      const rows = await findPage(db, await withIndexedWords(db, p.words, vocab), { collectionId: ask.collectionId, categoryIds, since: ask.since }, ask.sort, {
        cursor,
        offset: ask.offset,
        limit: ask.limit + 1,
      });
      const items = rows.slice(0, ask.limit);
      const last: FoundRow | undefined = items[items.length - 1];
      const hasMore = rows.length > ask.limit && !!last;
      if (!cursor && !ask.offset && items.length) record(p);
      let next: string | null = null;
      if (hasMore && last) {
        const at = momentOf(last.created_at);
        next = encodeCursor(ask.sort === 'relevance' ? [last.score, at, last.id] : ask.sort === 'popular' ? [last.likes_count, last.id] : [at, last.id]);
      }
      return { ids: items.map((r) => r.id), next_cursor: next, has_more: hasMore };
    },

    /** Suggestions as one types: categories, holidays and frequent searches, in `lang`. */
    async suggestions(q: string, lang: Lang): Promise<Suggestion[]> {
      const now = deps.clock.now();
      const since = new Date(now.getTime() - FREQUENT_DAYS * DAY_MS).toISOString();
      const names = await namesOf(deps.config.galleryCollectionId);
      const out: Suggestion[] = [];
      const typedText = normalise(q).trim();
      if (!typedText) {
        const frequent = await frequentQueries(db, { lang, since, min: FREQUENT_MIN_COUNT, limit: SEARCH_SUGGESTIONS_MAX / 2 });
        out.push(...frequent.map((text) => ({ kind: 'query' as const, text })));
        const today = now.toISOString().slice(0, 10);
        const until = new Date(now.getTime() + COMING_DAYS * DAY_MS).toISOString().slice(0, 10);
        const coming = names.filter((n) => n.kind === 'holiday' && n.date! >= today && n.date! <= until).sort((a, b) => a.date!.localeCompare(b.date!));
        for (const h of coming) out.push({ kind: 'holiday', text: h.text[lang], holiday_id: h.holidayId! });
        return out.slice(0, SEARCH_SUGGESTIONS_MAX);
      }
      const suggest = async (text: string) => {
        const found: Suggestion[] = [];
        const ws = words(text).filter((w, i, all) => i === all.length - 1 || !isStopWord(w));
        if (!ws.length) return found;
        // the last word is being typed: any name word it starts; the others in any of their forms
        const head = ws.slice(0, -1).map(termsOf);
        const tail = ws[ws.length - 1]!;
        const fits = (n: NamedThing) => {
          const nameWords = words(n.text[lang]);
          return head.every((terms) => nameWords.some((w) => terms.some((t) => termMatches(t, w)))) && nameWords.some((w) => w.startsWith(tail));
        };
        for (const n of names) if (n.kind === 'category' && fits(n)) found.push({ kind: 'category', text: n.text[lang], category_id: n.categoryIds[0]! });
        const days = names.filter((n) => n.kind === 'holiday' && fits(n)).sort((a, b) => a.date!.localeCompare(b.date!));
        for (const h of days) found.push({ kind: 'holiday', text: h.text[lang], holiday_id: h.holidayId! });
        const queries = await frequentQueries(db, { lang, since, min: FREQUENT_MIN_COUNT, prefix: words(text).join(' '), limit: SEARCH_SUGGESTIONS_MAX });
        for (const text of queries) found.push({ kind: 'query', text });
        return found;
      };
      let found = await suggest(typedText);
      const other = fromWrongLayout(q);
      if (!found.length && other !== undefined) found = await suggest(normalise(other));
      const seen = new Set<string>();
      for (const s of found) {
        const key = `${s.kind}:${s.category_id ?? s.holiday_id ?? s.text}`;
        if (!seen.has(key)) out.push(s);
        seen.add(key);
      }
      return out.slice(0, SEARCH_SUGGESTIONS_MAX);
    },
  };
}

function dedupe(terms: Term[]): Term[] {
  const seen = new Map<string, Term>();
  for (const t of terms) {
    const key = `${t.prefix ? '*' : '='}${t.text}`;
    if (!seen.has(key)) seen.set(key, t);
  }
  // a prefix covers the exact words it starts
  const prefixes = [...seen.values()].filter((t) => t.prefix);
  return [...seen.values()].filter((t) => t.prefix || !prefixes.some((p) => t.text.startsWith(p.text)));
}
