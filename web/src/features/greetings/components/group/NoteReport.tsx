import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { api } from '@/lib/api';
import { cx } from '@/ui/cx';
import { ReportDialog } from '@/features/reports/components/ReportModal';

/**
 * «Пожаловаться» under a signed note: a small button opening the reasons (none chosen at first, a
 * comment only for «Другое»), sent to the moderators with the invite while the card collects.
 */
export function NoteReportButton({ greetingId, noteId, from, invite, className }: { greetingId: string; noteId: number; from: string; invite?: string; className?: string }) {
  const { t } = useTranslation('groups');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t('report.of', { name: from })}
        className={cx('tap-44 self-start text-xs font-semibold opacity-60 underline-offset-2 hover:underline hover:opacity-100', className)}
      >
        {t('report.button')}
      </button>
      {open && <NoteReportForm greetingId={greetingId} noteId={noteId} invite={invite} onClose={() => setOpen(false)} />}
    </>
  );
}

function NoteReportForm({ greetingId, noteId, invite, onClose }: { greetingId: string; noteId: number; invite?: string; onClose: () => void }) {
  const { t } = useTranslation('groups');
  return (
    <ReportDialog
      title={t('report.title')}
      intro={t('report.intro')}
      onClose={onClose}
      send={(c) =>
        api('POST /api/greetings/{id}/contributions/{contribution_id}/report', {
          params: { id: greetingId, contribution_id: noteId },
          body: { ...c, ...(invite ? { invite } : {}) },
        })
      }
    />
  );
}
