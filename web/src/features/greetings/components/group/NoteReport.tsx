import { REPORT_LIMITS, REPORT_REASONS, type ReportReason } from '@otkrytka/contract/rules/reports';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '@/i18n';
import { api } from '@/lib/api';
import { errorMessage } from '@/lib/errorMessage';
import { Button } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { Modal } from '@/ui/Modal';
import { useToast } from '@/ui/toast';

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
  const { t } = useTranslation(['groups', 'reports']);
  const toast = useToast();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const commentId = useId();
  const send = useMutation({
    mutationFn: (r: ReportReason) =>
      api('POST /api/greetings/{id}/contributions/{contribution_id}/report', {
        params: { id: greetingId, contribution_id: noteId },
        body: { reason: r, ...(r === 'other' && comment.trim() ? { comment: comment.trim() } : {}), ...(invite ? { invite } : {}) },
      }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason) return;
    setError(null);
    send.mutate(reason, {
      onSuccess: () => {
        toast(t('reports:success'), 'success');
        onClose();
      },
      onError: (err) => setError(errorMessage(err, t('reports:failure'))),
    });
  };

  return (
    <Modal open onClose={onClose} title={t('report.title')}>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-sm text-muted">{t('report.intro')}</p>
        <fieldset className="grid grid-cols-1 gap-2 xs:grid-cols-2">
          <legend className="sr-only">{t('report.title')}</legend>
          {REPORT_REASONS.map((r) => (
            <label
              key={r}
              className={cx(
                'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 text-[15px] transition-colors',
                reason === r ? 'border-primary bg-primary-soft text-text' : 'border-border hover:bg-surface-2',
              )}
            >
              <input type="radio" name="note-reason" value={r} checked={reason === r} onChange={() => setReason(r)} className="h-4 w-4 shrink-0 accent-[var(--primary)]" />
              {t(`reports:reasons.${r}`)}
            </label>
          ))}
        </fieldset>
        {reason === 'other' && (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={commentId} className="text-sm font-medium">
              {t('reports:comment')}
            </label>
            <textarea
              id={commentId}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              maxLength={REPORT_LIMITS.commentMax}
              rows={3}
              className="w-full resize-none rounded-xl border border-border bg-surface-2 px-3 py-2 text-[15px] outline-none focus:border-primary"
            />
          </div>
        )}
        {error && (
          <p role="alert" className="rounded-xl bg-danger/10 px-3 py-2 text-sm text-danger">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {t('reports:cancel')}
          </Button>
          <Button type="submit" variant="danger" loading={send.isPending} disabled={!reason}>
            {send.isPending ? t('reports:sending') : t('reports:send')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
