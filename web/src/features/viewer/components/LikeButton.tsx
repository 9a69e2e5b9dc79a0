import { useEffect, useState } from 'react';
import { useTranslation } from '@/i18n';
import { compactNumber } from '@/lib/format';
import { haptic, useTelegram } from '@/telegram';
import { useToast } from '@/ui/toast';
import { useAuthModal } from '@/features/auth/modal';
import { useLikeToggle, useUserVote } from '@/features/votes/queries';
import { HeartIcon } from './icons';
import { RailButton } from './RailButton';

/**
 * The like toggle: not liked → approve (liked); liked → reject. Locked while the
 * request runs, the count reading `...`. Visitors get the sign-in dialog (inside Telegram, the spec's message),
 * and the like they asked for is given once they have signed in. Mount it keyed by the card so
 * pending resets per card.
 */
export function LikeButton({
  postcardId,
  userId,
  count,
  onCount,
}: {
  postcardId: number;
  userId: number | null;
  count: number;
  onCount: (likes: number) => void;
}) {
  const { t, i18n } = useTranslation('viewer');
  const toast = useToast();
  const authModal = useAuthModal();
  const { isTelegramApp } = useTelegram();
  const vote = useUserVote(postcardId, userId);
  const toggle = useLikeToggle(postcardId, userId);
  const liked = vote.data?.vote_type === 'like';
  const [likeWhenSignedIn, setLikeWhenSignedIn] = useState(false);

  // A visitor who pressed ♥ and then signed in gets the like they asked for (not a toggle: a
  // postcard they had liked before stays liked).
  const resume = likeWhenSignedIn && userId !== null && vote.data !== undefined && !toggle.isPending;
  useEffect(() => {
    if (!resume) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- finishing the action the sign-in interrupted
    setLikeWhenSignedIn(false);
    if (!liked) toggle.mutate(false, { onSuccess: (res) => onCount(res.likes_count) });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once when the interrupted like can resume
  }, [resume]);

  const press = () => {
    if (userId === null) {
      // a visitor is asked to sign in, not shown an error; inside Telegram the sign-in is automatic
      setLikeWhenSignedIn(true);
      if (isTelegramApp) toast(t('vote.authRequired'), 'info');
      else authModal.open('login', t('vote.loginReason'));
      return;
    }
    if (toggle.isPending) return;
    // a tap felt inside Telegram: a firmer one for a like than for taking it back
    haptic(liked ? 'light' : 'medium');
    toggle.mutate(liked, { onSuccess: (res) => onCount(res.likes_count) });
  };

  return (
    <RailButton
      label={t('controls.like')}
      pressed={liked}
      onClick={press}
      disabled={toggle.isPending}
      tone={liked ? 'like' : undefined}
      caption={toggle.isPending ? t('vote.pending') : compactNumber(count, i18n.language)}
      testId="like-button"
    >
      <HeartIcon filled={liked} />
    </RailButton>
  );
}
