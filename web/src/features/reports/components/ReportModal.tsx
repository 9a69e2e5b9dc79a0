import { REPORT_LIMITS, REPORT_REASONS, type ReportReason } from '@otkrytka/contract/rules/reports';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/lib/errorMessage';
import { Button } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { Modal } from '@/ui/Modal';
import { useToast } from '@/ui/toast';
import { api } from '@/lib/api';

/** What a reporter chose: a reason, and a comment only for `other`. */
export interface ReportChoice {
  reason: ReportReason;
  comment?: string;
}

/**
 * The report modal of a postcard: eight reasons, none chosen at first (a report says what
 * the reporter chose, never a default: «Отправить» waits for a reason), a comment box only for
 * `other`; success closes it with a toast, failure keeps it open with the error.
 */
export function ReportModal({ postcardId, open, onClose }: { postcardId: number; open: boolean; onClose: () => void }) {
  return open ? <ReportDialog send={(c) => api('POST /api/complaints', { body: { image_relation_id: postcardId, ...c } })} onClose={onClose} /> : null;
}

/** The reasons' form of any report (a postcard, a group card's note): `send` says where it goes; `title` and `intro` what is reported. */
export function ReportDialog({ send: sendTo, onClose, title, intro }: { send: (c: ReportChoice) => Promise<unknown>; onClose: () => void; title?: string; intro?: string }) {
  const { t } = useTranslation('reports');
  const toast = useToast();
  const send = useMutation({ mutationFn: sendTo });
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const commentId = useId();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!reason) return;
    setError(null);
    send.mutate(
      { reason, ...(reason === 'other' && comment.trim() ? { comment: comment.trim() } : {}) },
      {
        onSuccess: () => {
          toast(t('success'), 'success');
          onClose();
        },
        onError: (err) => {
          toast(t('failureToast'), 'error');
          setError(errorMessage(err, t('failure')));
        },
      },
    );
  };

  return (
    <Modal open onClose={onClose} title={title ?? t('title')}>
      <form onSubmit={submit} className="flex flex-col gap-4" data-testid="report-form">
        <p className="text-sm text-muted">{intro ?? t('intro')}</p>
        <fieldset className="grid grid-cols-1 gap-2 xs:grid-cols-2">
          <legend className="sr-only">{title ?? t('title')}</legend>
          {REPORT_REASONS.map((r) => (
            <label
              key={r}
              className={cx(
                'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 text-[15px] transition-colors',
                reason === r ? 'border-primary bg-primary-soft text-text' : 'border-border hover:bg-surface-2',
              )}
            >
              <input
                type="radio"
                name="reason"
                value={r}
                checked={reason === r}
                onChange={() => setReason(r)}
                className="h-4 w-4 shrink-0 accent-[var(--primary)]"
              />
              {t(`reasons.${r}`)}
            </label>
          ))}
        </fieldset>
        {reason === 'other' && (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={commentId} className="text-sm font-medium">
              {t('comment')}
            </label>
            <textarea
              id={commentId}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              maxLength={REPORT_LIMITS.commentMax}
              rows={3}
              autoFocus
              placeholder={t('commentPlaceholder')}
              className="w-full resize-none rounded-xl border border-border bg-surface-2 px-3 py-2 text-[15px] outline-none focus:border-primary"
            />
            <span className="self-end text-xs text-muted">
              {comment.length}/{REPORT_LIMITS.commentMax}
            </span>
          </div>
        )}
        {error && (
          <p role="alert" className="rounded-xl bg-danger/10 px-3 py-2 text-sm text-danger">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="danger" loading={send.isPending} disabled={!reason}>
            {send.isPending ? t('sending') : t('send')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
