/**
 * Search text as people type it (docs/PRODUCT-RULES.md, Search): lower case with «ё» written «е»,
 * words as the databases' tokenizers cut them (letters and digits), stop words dropped, word
 * forms by their Snowball stem, and the keyboard's wrong layout.
 */
import { stemEnglish } from './stem-en';
import { stemRussian } from './stem-ru';

/** Lower case, «ё» as «е», and a date written 8.03 or 08/03 as «8 марта». */
export function normalise(s: string): string {
  return s
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/(?<![\p{N}])(\d{1,2})[./](\d{1,2})(?![./]?\p{N})/gu, (m, d: string, mo: string) => {
      const month = RU_MONTHS_GENITIVE[Number(mo) - 1];
      return month && Number(d) >= 1 && Number(d) <= 31 ? `${Number(d)} ${month}` : m;
    });
}

/** The words of a text as the indexes cut them: runs of letters and digits. */
export const words = (s: string): string[] => normalise(s).match(/[\p{L}\p{N}]+/gu) ?? [];

export const RU_MONTHS_GENITIVE = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'];
export const EN_MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/**
 * Words that say nothing about a postcard: prepositions, conjunctions, pronouns and particles, and
 * «открытка» / "card" themselves (every postcard is one). A query keeps its other words; a query
 * of these alone finds nothing rather than everything.
 */
const STOP_WORDS = new Set(
  [
    'а', 'без', 'бы', 'в', 'во', 'вот', 'все', 'всем', 'всех', 'вы', 'да', 'для', 'до', 'его', 'ее', 'ей', 'если', 'есть', 'же', 'за', 'и', 'из',
    'или', 'им', 'их', 'к', 'как', 'ко', 'когда', 'кто', 'ли', 'мне', 'мы', 'на', 'над', 'не', 'него', 'нее', 'нет', 'ни', 'но', 'ну', 'о', 'об',
    'от', 'по', 'под', 'при', 'про', 'с', 'со', 'так', 'там', 'то', 'тебе', 'тебя', 'ты', 'у', 'уж', 'что', 'чтобы', 'эта', 'эти', 'это', 'я',
    'открытка', 'открытки', 'открытку', 'открыткой', 'открыток', 'открытке', 'открыточка', 'поздравление', 'поздравления',
    'a', 'an', 'and', 'are', 'as', 'at', 'be', 'by', 'for', 'from', 'in', 'is', 'it', 'of', 'on', 'or', 'the', 'to', 'with', 'you', 'your', 'my',
    'card', 'cards', 'postcard', 'postcards', 'greeting', 'greetings',
  ].map((w) => w.replace(/ё/g, 'е')),
);
export const isStopWord = (w: string) => STOP_WORDS.has(w);

const CYRILLIC = /[\u0400-\u04ff]/;
export const isCyrillic = (w: string) => CYRILLIC.test(w);
const isNumber = (w: string) => /^\p{N}+$/u.test(w);

/** The forms of «день», whose stem changes («дня», «днём»): each finds every other. */
const DAY_FORMS = ['день', 'дня', 'дню', 'днем', 'дне', 'дни', 'дней', 'дням', 'днями', 'днях'];

/** A query word's match: the word stems of the index it finds. */
export interface Term {
  /** what an indexed word starts with (`prefix`), or is (`!prefix`) */
  text: string;
  prefix: boolean;
}

export function stem(w: string): string {
  return isCyrillic(w) ? stemRussian(w) : /^[a-z]+$/.test(w) ? stemEnglish(w) : w;
}

/**
 * What a query word finds: every word of its stem. A Russian stem is the start of each of its
 * forms; an English one is cut to where it still is the start of the word («happi» of "happy"
 * looks for "happ…"). A number, a short word, or a stem shorter than 3 letters is found as typed.
 */
export function termsOf(w: string): Term[] {
  if (DAY_FORMS.includes(w)) return DAY_FORMS.map((text) => ({ text, prefix: false }));
  if (isNumber(w) || w.length <= 2) return [{ text: w, prefix: false }];
  const s = stem(w);
  let common = 0;
  while (common < s.length && common < w.length && s[common] === w[common]) common++;
  if (common < 3) return [{ text: w, prefix: false }];
  return [{ text: w.slice(0, common), prefix: true }];
}

/** Does an indexed (or named) word match a term? */
export const termMatches = (t: Term, word: string) => (t.prefix ? word.startsWith(t.text) : word === t.text);

/** Typos are forgiven in words of at least this many letters, one edit each. */
export const TYPO_MIN_LENGTH = 5;

/** Levenshtein distance, with transpositions of neighbours counted as one edit, capped at `max + 1`. */
export function editDistance(a: string, b: string, max = 1): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push(new Array<number>(b.length + 1).fill(0));
    rows[i]![0] = i;
  }
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = max + 1;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
  }
  return Math.min(rows[a.length]![b.length]!, max + 1);
}

/** The Russian letters on the keys of a QWERTY keyboard (ЙЦУКЕН), lower and upper case. */
const LAYOUT: Record<string, string> = {};
{
  const latin = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`";
  const russian = 'йцукенгшщзхъфывапролджэячсмитьбюё';
  for (let i = 0; i < latin.length; i++) LAYOUT[latin[i]!] = russian[i]!;
  const latinUpper = 'QWERTYUIOP{}ASDFGHJKL:"ZXCVBNM<>~';
  for (let i = 0; i < latinUpper.length; i++) LAYOUT[latinUpper[i]!] = russian[i]!.toUpperCase();
}

/**
 * The text typed with the Latin layout on when Russian was meant («ltym hj;ltybz» is «день
 * рождения»), or undefined when the text has Cyrillic letters or no Latin ones.
 */
export function fromWrongLayout(s: string): string | undefined {
  if (isCyrillic(s) || !/[a-z]/i.test(s)) return undefined;
  return [...s].map((c) => LAYOUT[c] ?? c).join('');
}

/** A search as recorded for "frequent searches": its words, normalised, space-separated. */
export const queryText = (ws: string[]) => ws.join(' ');
