import { useState } from 'react';
import { useNavigate } from '@/router';
import { useTranslation } from '@/i18n';
import { useToast } from '@/ui/toast';
import { useSandboxVote } from '@/features/sandbox/queries';
import { isAlreadyVoted } from '@/features/votes/queries';
import type { ViewerCard } from '../types';
import { ThumbDownIcon, ThumbUpIcon } from '@/ui/icons-more';

/** Sandbox mode: Одобрить / Отклонить for the card on screen, then back to /sandbox, saying the vote counted. */
export function SandboxDecision({ card }: { card: ViewerCard }) {
  const { t } = useTranslation('viewer');
  const vote = useSandboxVote();
  const toast = useToast();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);

  if (card.user_vote) {
    return (
      <p className="rounded-full bg-black/55 px-4 py-2 text-sm font-medium text-white backdrop-blur-md" data-testid="sandbox-voted">
        {t('sandbox.alreadyVoted')}
      </p>
    );
  }
  const decide = (approve: boolean) => {
    setBusy(approve ? 'approve' : 'reject');
    vote.mutate(
      { id: card.id, approve },
      {
        onSuccess: () => {
          toast(t(approve ? 'sandbox:approved' : 'sandbox:rejected'), 'success');
          navigate('/sandbox');
        },
        onError: (e) => {
          setBusy(null);
          if (isAlreadyVoted(e)) toast(t('sandbox.alreadyVoted'), 'info');
          else toast(t(approve ? 'sandbox.approveError' : 'sandbox.rejectError'), 'error');
        },
      },
    );
  };
  const btn = 'inline-flex h-12 min-w-32 items-center justify-center gap-2 rounded-full px-5 text-[15px] font-semibold shadow-lg transition active:scale-95 disabled:opacity-60';
  return (
    <div className="flex gap-3" data-testid="sandbox-decision">
      <button type="button" className={`${btn} bg-white/90 text-danger`} disabled={busy !== null} onClick={() => decide(false)}>
        <ThumbDownIcon size={20} />
        {t('sandbox.reject')}
      </button>
      <button type="button" className={`${btn} bg-success text-on-success`} disabled={busy !== null} onClick={() => decide(true)}>
        <ThumbUpIcon size={20} />
        {t('sandbox.approve')}
      </button>
    </div>
  );
}
