import type { ModerationCard } from '@otkrytka/contract';
import { useRef, useState } from 'react';
import { useTranslation } from '@/i18n';
import { LoadingState } from '@/ui/Spinner';
import { EmptyState, ErrorState } from '@/ui/States';
import { useToast } from '@/ui/toast';
import { DecisionButtons, ReviewCard } from '@/features/sandbox/components/ReviewCard';
import { useModerate } from '../queries';
import { CheckIcon } from '@/ui/icons';
import { FlagIcon, ThumbDownIcon, ThumbUpIcon } from '@/ui/icons-more';

/** Facts the moderator weighs beside the postcard: author, who added it, votes and reports. */
export function ModerationFacts({ card }: { card: ModerationCard }) {
  const { t } = useTranslation('moderation');
  const state = card.is_banned ? 'banned' : card.is_approved ? 'approved' : 'pending';
  return (
    <>
      <div className="flex flex-wrap gap-x-6 gap-y-3">
        {/* as on the list's card: no credited author means the one who added it (the upload form's «if not you») */}
        {(card.credited_author || !card.username) && (
          <div data-testid="moderation-facts-author">
            <dt className="text-xs font-medium uppercase tracking-wide text-muted">{t('card.author')}</dt>
            <dd className="mt-0.5 font-medium">{card.credited_author || t('card.unknownAuthor')}</dd>
          </div>
        )}
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-muted">{t('card.addedBy')}</dt>
          <dd className="mt-0.5">{card.username ?? '—'}</dd>
        </div>
      </div>
      <div className="flex flex-wrap gap-2 text-sm">
        <span className="rounded-full bg-surface-2 px-2.5 py-0.5">{t(`state.${state}`)}</span>
        <span className="rounded-full bg-success/15 px-2.5 py-0.5 text-success">
          <ThumbUpIcon size={16} className="inline-block align-[-3px]" /> {t('card.likes')}: {card.likes_count}
        </span>
        <span className="rounded-full bg-danger/15 px-2.5 py-0.5 text-danger">
          <ThumbDownIcon size={16} className="inline-block align-[-3px]" /> {t('card.rejects')}: {card.rejects_count}
        </span>
        {card.reports_count > 0 && (
          <span className="rounded-full bg-warning/15 px-2.5 py-0.5 text-warning-ink">
            <FlagIcon size={16} className="inline-block align-[-3px]" /> {t('card.reports')}: {card.reports_count}
          </span>
        )}
      </div>
    </>
  );
}

/** Approve / reject one postcard, with the spec's error texts; `onDone` runs after a decision. */
export function ModerationDecision({ card, onDone }: { card: ModerationCard; onDone?: (approved: boolean, byKeyboard: boolean) => void }) {
  const { t } = useTranslation('moderation');
  const moderate = useModerate();
  const toast = useToast();
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const decide = (approve: boolean) => {
    // read before the button is disabled (which drops the focus): was it pressed from the keyboard?
    const byKeyboard = document.activeElement?.matches(':focus-visible') ?? false;
    setBusy(approve ? 'approve' : 'reject');
    moderate.mutate(
      { id: card.id, approve },
      {
        onSuccess: () => {
          toast(t(approve ? 'approved' : 'banned'), 'success');
          onDone?.(approve, byKeyboard);
        },
        onError: () => toast(t(approve ? 'approveError' : 'rejectError'), 'error'),
        onSettled: () => setBusy(null),
      },
    );
  };
  return (
    <DecisionButtons
      busy={busy}
      onApprove={() => decide(true)}
      onReject={() => decide(false)}
      approveLabel={t('approve')}
      rejectLabel={t('reject')}
      current={card.is_banned ? 'rejected' : card.is_approved ? 'approved' : undefined}
    />
  );
}

/**
 * Random mode: one pending postcard at a time; after a decision the next one loads, and focus
 * goes to it (the pressed button is gone), so a keyboard user decides on from there.
 */
export function RandomModeration({
  query,
}: {
  query: { isPending: boolean; isError: boolean; error?: unknown; data?: { postcard: ModerationCard | null }; refetch: () => unknown };
}) {
  const { t } = useTranslation('moderation');
  const region = useRef<HTMLElement>(null);
  if (query.isPending) return <LoadingState text={t('loading')} />;
  if (query.isError || !query.data)
    return <ErrorState title={t('loadError')} error={query.error} onRetry={() => void query.refetch()} retryLabel={t('retry', { ns: 'common' })} />;
  const card = query.data.postcard;
  if (!card) return <EmptyState icon={<CheckIcon />} title={t('emptyQueue')} text={t('emptyQueueText')} />;
  return (
    <section ref={region} tabIndex={-1} aria-label={t('modes.random')} className="rounded-2xl outline-none" data-testid="random-moderation">
      <ReviewCard postcard={card} extra={<ModerationFacts card={card} />}>
        <ModerationDecision card={card} onDone={() => requestAnimationFrame(() => region.current?.focus())} />
      </ReviewCard>
    </section>
  );
}
