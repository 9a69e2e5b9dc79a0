import type { GroupNote } from '@otkrytka/contract';
import type { ReactNode } from 'react';
import { cx } from '@/ui/cx';

/** Paper tints of the notes, in turn (the dark theme's are deep tints with light ink). */
const PAPERS = [
  'bg-[#fff4b8] dark:bg-[#3d3516]',
  'bg-[#ffe0ea] dark:bg-[#43202e]',
  'bg-[#dcf1ff] dark:bg-[#182f42]',
  'bg-[#e2f8dc] dark:bg-[#1c3a22]',
  'bg-[#efe4ff] dark:bg-[#2f2448]',
];
/** A slight tilt, in turn, so the board reads as notes pinned by hand (none when motion is reduced). */
const TILTS = ['motion-safe:-rotate-1', 'motion-safe:rotate-1', 'motion-safe:rotate-[0.5deg]', 'motion-safe:-rotate-[0.6deg]'];

/**
 * The board of signed notes: one paper note per signature, its message and its signer; one column
 * on a phone, two from 520 px, three on a wide page (`wide`). `extra` adds to a note (its own
 * actions, say); `highlight` marks one (the reader's own).
 */
export function NoteBoard({
  notes,
  label,
  wide,
  highlight,
  extra,
}: {
  notes: Pick<GroupNote, 'id' | 'from_whom' | 'message'>[];
  label: string;
  wide?: boolean;
  highlight?: number | null;
  extra?: (note: Pick<GroupNote, 'id' | 'from_whom'>) => ReactNode;
}) {
  return (
    <ul aria-label={label} className={cx('grid grid-cols-1 gap-3 min-[520px]:grid-cols-2', wide && 'lg:grid-cols-3')} data-testid="note-board">
      {notes.map((n, i) => (
        <li
          key={n.id}
          className={cx(
            'flex flex-col gap-3 rounded-2xl p-4 text-[#2a1f2d] shadow-[0_8px_24px_-12px_rgba(0,0,0,0.45)] dark:text-[#f5eef7]',
            PAPERS[i % PAPERS.length],
            TILTS[i % TILTS.length],
            highlight === n.id && 'ring-2 ring-primary',
          )}
          data-testid="group-note"
        >
          <p className="whitespace-pre-line break-words text-[15px] leading-relaxed">{n.message}</p>
          <p className="mt-auto text-right text-sm font-semibold italic break-words">— {n.from_whom}</p>
          {extra?.(n)}
        </li>
      ))}
    </ul>
  );
}
