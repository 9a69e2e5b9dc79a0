/**
 * How large a recipient's name is set. A long word ("Рождественская-Васильева") gets a smaller size,
 * so a line breaks at a space or after a hyphen rather than inside a word. Counted per part a line
 * may break after.
 */
export function nameSize(name: string): 0 | 1 | 2 {
  const longest = Math.max(0, ...name.split(/\s+/).flatMap((word) => word.split(/(?<=-)/)).map((part) => [...part].length));
  return longest <= 11 ? 0 : longest <= 13 ? 1 : 2;
}

/** The recipient's name, by `nameSize`: on the closed envelope, on the countdown, on the open greeting. */
export const NAME_CLASS = {
  envelope: ['max-w-[18ch] text-4xl sm:text-6xl', 'text-3xl sm:text-5xl', 'text-2xl sm:text-4xl'],
  countdown: ['max-w-[18ch] text-4xl sm:text-5xl', 'text-3xl sm:text-4xl', 'text-2xl sm:text-3xl'],
  card: ['text-3xl', 'text-2xl', 'text-xl'],
} as const;
