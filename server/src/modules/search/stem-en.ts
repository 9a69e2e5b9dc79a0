/**
 * The Snowball English stemmer ("Porter2", snowballstem.org/algorithms/english), the algorithm of
 * PostgreSQL's `english` configuration (which the `russian` one uses for Latin words too).
 * Input: lower case.
 */

const isVowel = (c: string | undefined) => c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u' || c === 'y';
/** A vowel (Y, a y that acts as a consonant, is not one). */
const v = (c: string | undefined) => isVowel(c);
const DOUBLES = ['bb', 'dd', 'ff', 'gg', 'mm', 'nn', 'pp', 'rr', 'tt'];
const LI_ENDING = new Set('cdeghkmnrt');

const EXCEPTIONS: Record<string, string> = {
  skis: 'ski', skies: 'sky', dying: 'die', lying: 'lie', tying: 'tie', idly: 'idl', gently: 'gentl', ugly: 'ugli', early: 'earli',
  only: 'onli', singly: 'singl', sky: 'sky', news: 'news', howe: 'howe', atlas: 'atlas', cosmos: 'cosmos', bias: 'bias', andes: 'andes',
};
const AFTER_1A = new Set(['inning', 'outing', 'canning', 'herring', 'earring', 'proceed', 'exceed', 'succeed']);

const STEP2: [string, string][] = [
  ['ization', 'ize'], ['ational', 'ate'], ['fulness', 'ful'], ['ousness', 'ous'], ['iveness', 'ive'], ['tional', 'tion'], ['biliti', 'ble'],
  ['lessli', 'less'], ['entli', 'ent'], ['ation', 'ate'], ['alism', 'al'], ['aliti', 'al'], ['ousli', 'ous'], ['iviti', 'ive'], ['fulli', 'ful'],
  ['enci', 'ence'], ['anci', 'ance'], ['abli', 'able'], ['izer', 'ize'], ['ator', 'ate'], ['alli', 'al'], ['bli', 'ble'], ['ogi', 'og'], ['li', ''],
];
const STEP3: [string, string][] = [
  ['ational', 'ate'], ['tional', 'tion'], ['alize', 'al'], ['icate', 'ic'], ['iciti', 'ic'], ['ative', ''], ['ical', 'ic'], ['ness', ''], ['ful', ''],
];
const STEP4 = ['ement', 'ance', 'ence', 'able', 'ible', 'ment', 'ant', 'ent', 'ism', 'ate', 'iti', 'ous', 'ive', 'ize', 'ion', 'al', 'er', 'ic'];

/** The region after the first non-vowel that follows a vowel, searching from `from`. */
function regionAfter(w: string, from: number): number {
  for (let i = from + 1; i < w.length; i++) if (!v(w[i]) && v(w[i - 1])) return i + 1;
  return w.length;
}

/** A short syllable ends `w` at `end`: vowel, then a non-vowel other than w, x, Y, after a non-vowel (or the vowel opens the word). */
function shortSyllableAt(w: string, end: number): boolean {
  if (end === 2) return v(w[0]) && !v(w[1]);
  if (end < 3) return false;
  const [a, b, c] = [w[end - 3], w[end - 2], w[end - 1]];
  return !v(a) && v(b) && !v(c) && c !== 'w' && c !== 'x' && c !== 'Y';
}

export function stemEnglish(input: string): string {
  let w = input.startsWith("'") ? input.slice(1) : input;
  if (w.length <= 2) return w;
  const exception = EXCEPTIONS[w];
  if (exception) return exception;
  // y at the start or after a vowel is a consonant
  w = w.replace(/^y/, 'Y').replace(/([aeiouy])y/g, '$1Y');

  let r1 = regionAfter(w, 0);
  for (const p of ['gener', 'commun', 'arsen']) if (w.startsWith(p)) r1 = p.length;
  const r2 = regionAfter(w, r1 - 1);

  // step 0
  for (const s of ["'s'", "'s", "'"]) {
    if (w.endsWith(s)) {
      w = w.slice(0, -s.length);
      break;
    }
  }
  // step 1a
  if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('ied') || w.endsWith('ies')) w = w.length > 4 ? w.slice(0, -2) : w.slice(0, -1);
  else if (w.endsWith('us') || w.endsWith('ss')) {
    /* kept */
  } else if (w.endsWith('s') && [...w.slice(0, -2)].some(v)) w = w.slice(0, -1);
  if (AFTER_1A.has(w)) return w;

  // step 1b
  const eed = ['eedly', 'eed'].find((s) => w.endsWith(s));
  const ed = ['ingly', 'edly', 'ing', 'ed'].find((s) => w.endsWith(s));
  if (eed) {
    if (w.length - eed.length >= r1) w = w.slice(0, -eed.length) + 'ee';
  } else if (ed && [...w.slice(0, -ed.length)].some(v)) {
    w = w.slice(0, -ed.length);
    if (w.endsWith('at') || w.endsWith('bl') || w.endsWith('iz')) w += 'e';
    else if (DOUBLES.some((d) => w.endsWith(d))) w = w.slice(0, -1);
    else if (r1 >= w.length && shortSyllableAt(w, w.length)) w += 'e';
  }
  // step 1c
  if ((w.endsWith('y') || w.endsWith('Y')) && w.length > 2 && !v(w[w.length - 2])) w = w.slice(0, -1) + 'i';

  // step 2
  for (const [s, r] of STEP2) {
    if (!w.endsWith(s)) continue;
    if (w.length - s.length >= r1) {
      if (s === 'ogi') {
        if (w[w.length - 4] === 'l') w = w.slice(0, -s.length) + r;
      } else if (s === 'li') {
        if (LI_ENDING.has(w[w.length - 3] ?? '')) w = w.slice(0, -2);
      } else w = w.slice(0, -s.length) + r;
    }
    break;
  }
  // step 3
  for (const [s, r] of STEP3) {
    if (!w.endsWith(s)) continue;
    if (w.length - s.length >= r1) {
      if (s === 'ative') {
        if (w.length - s.length >= r2) w = w.slice(0, -s.length);
      } else w = w.slice(0, -s.length) + r;
    }
    break;
  }
  // step 4
  for (const s of STEP4) {
    if (!w.endsWith(s)) continue;
    if (w.length - s.length >= r2) {
      if (s === 'ion') {
        const before = w[w.length - 4];
        if (before === 's' || before === 't') w = w.slice(0, -3);
      } else w = w.slice(0, -s.length);
    }
    break;
  }
  // step 5
  if (w.endsWith('e')) {
    const at = w.length - 1;
    if (at >= r2 || (at >= r1 && !shortSyllableAt(w, at))) w = w.slice(0, -1);
  } else if (w.endsWith('l') && w.length - 1 >= r2 && w[w.length - 2] === 'l') w = w.slice(0, -1);

  return w.replace(/Y/g, 'y');
}
