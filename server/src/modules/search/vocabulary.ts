import type { Queryable } from '../../db';
import { prefixTerms, termKnown, vocabularyVersion, wordsOneEditAway } from './repo';
import type { Term } from './text';

/** What a search asks of the indexed words: is a term there, the words one typo away, the words a prefix starts. */
export interface Vocabulary {
  known(t: Term): Promise<boolean>;
  oneEditAway(w: string): Promise<string[]>;
  prefixTerms(t: Term): Promise<Term[]>;
}

/** Answers kept at most, all dropped when this many are reached. */
const KEPT_MAX = 20_000;

/**
 * The indexed words as a search sees them, with the answers kept while the vocabulary's version
 * (search_vocabulary, moved by the database in the transaction of every write that may change the
 * set of words) stays the same. Each answer is kept under the version read before it was asked, so
 * a request that saw an older version never gets an answer read after a write, nor a later one an
 * answer read before it: a kept answer is what the database would answer now.
 */
export function vocabularyOf(db: Queryable) {
  let version = -1;
  let kept = new Map<string, Promise<unknown>>();
  return async function at(): Promise<Vocabulary> {
    const v = await vocabularyVersion(db);
    if (v > version) {
      version = v;
      kept = new Map();
    }
    const keep = <T>(key: string, ask: () => Promise<T>): Promise<T> => {
      if (v !== version) return ask();
      const k = kept.get(key) as Promise<T> | undefined;
      if (k) return k;
      if (kept.size >= KEPT_MAX) kept = new Map();
      const asked = ask();
      kept.set(key, asked);
      // a failed ask is not kept
      asked.catch(() => kept.get(key) === asked && kept.delete(key));
      return asked;
    };
    return {
      known: (t) => keep(`k${t.prefix ? '*' : '='}${t.text}`, () => termKnown(db, t)),
      oneEditAway: (w) => keep(`e${w}`, () => wordsOneEditAway(db, w)),
      prefixTerms: (t) => keep(`p${t.text}`, () => prefixTerms(db, t)),
    };
  };
}
