/**
 * The Snowball Russian stemmer (snowballstem.org/algorithms/russian), the algorithm PostgreSQL's
 * `russian` text search configuration stems with, so a stem computed here is the stem PostgreSQL
 * stores. Input: lower case, «ё» already written «е».
 */

const VOWELS = new Set('аеиоуыэюя');

const PERFECTIVE_GERUND_1 = ['в', 'вши', 'вшись'];
const PERFECTIVE_GERUND_2 = ['ив', 'ивши', 'ившись', 'ыв', 'ывши', 'ывшись'];
const ADJECTIVE = ['ее', 'ие', 'ые', 'ое', 'ими', 'ыми', 'ей', 'ий', 'ый', 'ой', 'ем', 'им', 'ым', 'ом', 'его', 'ого', 'ему', 'ому', 'их', 'ых', 'ую', 'юю', 'ая', 'яя', 'ою', 'ею'];
const PARTICIPLE_1 = ['ем', 'нн', 'вш', 'ющ', 'щ'];
const PARTICIPLE_2 = ['ивш', 'ывш', 'ующ'];
const REFLEXIVE = ['ся', 'сь'];
const VERB_1 = ['ла', 'на', 'ете', 'йте', 'ли', 'й', 'л', 'ем', 'н', 'ло', 'но', 'ет', 'ют', 'ны', 'ть', 'ешь', 'нно'];
const VERB_2 = ['ила', 'ыла', 'ена', 'ейте', 'уйте', 'ите', 'или', 'ыли', 'ей', 'уй', 'ил', 'ыл', 'им', 'ым', 'ен', 'ило', 'ыло', 'ено', 'ят', 'ует', 'уют', 'ит', 'ыт', 'ены', 'ить', 'ыть', 'ишь', 'ую', 'ю'];
const NOUN = ['а', 'ев', 'ов', 'ие', 'ье', 'е', 'иями', 'ями', 'ами', 'еи', 'ии', 'и', 'ией', 'ей', 'ой', 'ий', 'й', 'иям', 'ям', 'ием', 'ем', 'ам', 'ом', 'о', 'у', 'ах', 'иях', 'ях', 'ы', 'ь', 'ию', 'ью', 'ю', 'ия', 'ья', 'я'];
const SUPERLATIVE = ['ейш', 'ейше'];
const DERIVATIONAL = ['ост', 'ость'];

/** The longest of `ends` that `w` ends with, starting at or after `limit`. */
function longest(w: string, limit: number, ends: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const e of ends) if (w.length - e.length >= limit && w.endsWith(e) && (!best || e.length > best.length)) best = e;
  return best;
}

/**
 * Removes the longest ending of a two-group list: a group-1 ending only after «а» or «я» (itself
 * within the region), a group-2 ending anywhere in the region. Undefined when none applies.
 */
function removeGrouped(w: string, limit: number, group1: readonly string[], group2: readonly string[]): string | undefined {
  const e = longest(w, limit, [...group1, ...group2]);
  if (!e) return undefined;
  const stem = w.slice(0, w.length - e.length);
  if (group2.includes(e)) return stem;
  const before = stem[stem.length - 1];
  return stem.length - 1 >= limit && (before === 'а' || before === 'я') ? stem : undefined;
}

/** Where the region after the first non-vowel that follows a vowel begins, from `from`. */
function regionAfter(w: string, from: number): number {
  for (let i = from + 1; i < w.length; i++) if (!VOWELS.has(w[i]!) && VOWELS.has(w[i - 1]!)) return i + 1;
  return w.length;
}

export function stemRussian(word: string): string {
  let rv = word.length;
  for (let i = 0; i < word.length; i++) {
    if (VOWELS.has(word[i]!)) {
      rv = i + 1;
      break;
    }
  }
  const r1 = regionAfter(word, 0);
  const r2 = regionAfter(word, r1 - 1);
  let w = word;

  // step 1
  const gerund = removeGrouped(w, rv, PERFECTIVE_GERUND_1, PERFECTIVE_GERUND_2);
  if (gerund !== undefined) w = gerund;
  else {
    const reflexive = longest(w, rv, REFLEXIVE);
    if (reflexive) w = w.slice(0, w.length - reflexive.length);
    const adjective = longest(w, rv, ADJECTIVE);
    if (adjective) {
      w = w.slice(0, w.length - adjective.length);
      const participle = removeGrouped(w, rv, PARTICIPLE_1, PARTICIPLE_2);
      if (participle !== undefined) w = participle;
    } else {
      const verb = removeGrouped(w, rv, VERB_1, VERB_2);
      if (verb !== undefined) w = verb;
      else {
        const noun = longest(w, rv, NOUN);
        if (noun) w = w.slice(0, w.length - noun.length);
      }
    }
  }
  // step 2
  if (w.length - 1 >= rv && w.endsWith('и')) w = w.slice(0, -1);
  // step 3: a derivational ending wholly in R2
  const derivational = longest(w, Math.max(rv, r2), DERIVATIONAL);
  if (derivational) w = w.slice(0, w.length - derivational.length);
  // step 4
  const superlative = longest(w, rv, SUPERLATIVE);
  if (superlative) {
    w = w.slice(0, w.length - superlative.length);
    if (w.length - 2 >= rv && w.endsWith('нн')) w = w.slice(0, -1);
  } else if (w.length - 2 >= rv && w.endsWith('нн')) w = w.slice(0, -1);
  else if (w.length - 1 >= rv && w.endsWith('ь')) w = w.slice(0, -1);
  return w;
}
