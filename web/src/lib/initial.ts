/**
 * The first character of a name as a person sees it, upper-cased, for an avatar: a whole emoji
 * (a family, a flag) rather than the half of one that `slice(0, 1)` gives.
 */
export function initialOf(name: string): string {
  const first = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter().segment(name)[Symbol.iterator]().next().value?.segment : Array.from(name)[0];
  return (first ?? '').toUpperCase();
}
