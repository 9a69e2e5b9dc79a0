/**
 * Characters that take no space and draw nothing: zero-width space, non-joiner and joiner, word
 * joiner and invisible operators, direction marks and embeddings, byte-order mark, soft hyphen,
 * Hangul fillers (full and half width), the blank Braille pattern. (Not every format character: a flag's tag characters end a visible emoji.)
 */
const INVISIBLE = '\\u00AD\\u115F\\u1160\\u180E\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u2064\\u2066-\\u2069\\u2800\\u3164\\uFEFF\\uFFA0';
const EDGES = new RegExp(`^[\\s${INVISIBLE}]+|[\\s${INVISIBLE}]+$`, 'gu');
const ANY_INVISIBLE = new RegExp(`[${INVISIBLE}]`, 'gu');
/**
 * What draws on its own: a letter, number, punctuation mark or symbol (emoji are symbols). Not a
 * combining mark or variation selector (they only change the character before them), not a
 * format character (tag characters, joiners), a control character, a space or an unassigned one.
 */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

/** Whether a text has at least one character that draws on its own (`VISIBLE`, the blank letters of INVISIBLE aside). */
export const hasVisibleCharacter = (s: string): boolean => VISIBLE.test(s.replace(ANY_INVISIBLE, ''));

/**
 * The one rule for names and other texts people type: whitespace and invisible characters are
 * trimmed from either end, and a text with no visible character at all (only zero-width
 * characters, tag characters, combining marks, variation selectors…) counts as empty — it gets its
 * default, or is refused as required — instead of showing blank.
 */
export const trimInvisible = (s: string): string => {
  const trimmed = s.replace(EDGES, '');
  return hasVisibleCharacter(trimmed) ? trimmed : '';
};
