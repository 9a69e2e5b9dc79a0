import type { Greeting } from '@otkrytka/contract';
import { useTranslation } from '@/i18n';
import { BoltIcon } from '@/ui/icons';
import { NoteBoard } from './NoteBoard';
import { NoteReportButton } from './NoteReport';

/**
 * The recipient's reveal of a delivered group card, under the greeting: the total gift with how
 * many gave, then the board of signed notes. Loaded only for a group card (the greeting page's
 * first load stays as it was).
 */
export default function GroupBoard({ greeting }: { greeting: Greeting }) {
  const { t } = useTranslation('groups');
  const group = greeting.group;
  if (!group) return null;
  const { notes, gift_total: total, givers } = group;
  return (
    <section aria-labelledby="group-board-title" className="flex flex-col gap-4" data-testid="group-board">
      <div className="flex flex-col items-center gap-2 text-center text-white">
        <h2 id="group-board-title" className="text-xl font-extrabold drop-shadow-sm">
          {t('board.title', { count: notes.length })}
        </h2>
        {total !== null && total > 0 && (
          <p className="rounded-full bg-black/30 px-4 py-2 text-sm font-bold backdrop-blur" data-testid="group-gift-total">
            <BoltIcon size={16} className="mr-1 inline-block align-[-3px] text-[#ffd54a]" />
            {t('board.gift', { count: total })} · {t('board.givers', { count: givers ?? 0 })}
          </p>
        )}
      </div>
      {notes.length > 0 ? (
        <NoteBoard notes={notes} label={t('board.label')} extra={(n) => <NoteReportButton greetingId={greeting.id} noteId={n.id} from={n.from_whom} />} />
      ) : (
        <p className="rounded-2xl bg-black/25 px-4 py-3 text-center text-sm font-semibold text-white backdrop-blur">{t('board.empty')}</p>
      )}
    </section>
  );
}
