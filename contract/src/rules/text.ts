/**
 * Characters that take no space and draw nothing: zero-width space, non-joiner and joiner, word
 * joiner and invisible operators, direction marks and embeddings, byte-order mark, soft hyphen,
 * Hangul fillers (full and half width), the blank Braille pattern. (Not every format character: a flag's tag characters end a visible emoji.)
 */
const INVISIBLE = '\\u00AD\\u115F\\u1160\\u180E\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u2064\\u2066-\\u2069\\u2800\\u3164\\uFEFF\\uFFA0';
const EDGES = new RegExp(`^[\\s${INVISIBLE}]+|[\\s${INVISIBLE}]+$`, 'gu');

/**
 * A text without whitespace and invisible characters at either end, so a name of zero-width
 * spaces counts as empty (and gets its default, or is refused as required) instead of showing blank.
 */
export const trimInvisible = (s: string): string => s.replace(EDGES, '');
