import type { Greeting } from '@otkrytka/contract';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from '@/router';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/lib/errorMessage';
import { useSession } from '@/features/auth/session';
import { celebrate } from '../confetti';
import { Festive } from './Festive';
import { useAcceptance, useAcceptGreeting } from '../queries';
import { useAuthModal } from '@/features/auth/modal';
import { haptic, useTelegramMainButton } from '@/telegram';
import { useTelegramSecondaryButton } from '@/telegram/native';

// the thank-you form: loaded only once the greeting is accepted
const ReplyPanel = lazy(() => import('./ReplyPanel'));
// a Telegram gift inside: how the recipient receives it (in Telegram), loaded only when there is one
const TelegramGiftNotice = lazy(() => import('@/features/stars/TelegramGiftNotice'));

const big =
  'inline-flex min-h-14 w-full items-center justify-center gap-2 rounded-full px-7 text-lg font-extrabold shadow-[0_10px_40px_-10px_rgba(0,0,0,0.5)] transition active:scale-[0.98] disabled:opacity-80';

/**
 * The recipient's part of the greeting page (the original app: 'Принять', 'Проверяю...', 'Принимаю...',
 * '🎁 Мои подарки'). Visitors are asked to sign in and come back to the greeting afterwards.
 * Once accepted, the page stays (the original app moved on to the gifts list) and offers the
 * thank-you reply; '🎁 Мои подарки' leads to the list.
 */
export function AcceptPanel({ greeting }: { greeting: Greeting }) {
  const { t } = useTranslation(['greetings', 'greeting']);
  const navigate = useNavigate();
  const session = useSession();
  const signedIn = session.isAuthenticated;
  const status = useAcceptance(greeting.id, signedIn);
  const accept = useAcceptGreeting(greeting.id);
  const auth = useAuthModal();
  const signInCard = useRef<HTMLDivElement>(null);
  const [askSignIn, setAskSignIn] = useState(false);
  const [justAccepted, setJustAccepted] = useState(false);
  // what became of the gift, said under «принято» (no toast over the greeting's words)
  const [giftNote, setGiftNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  // a group card's gift is everyone's together
  const gift = greeting.group?.gift_total ?? greeting.energy;
  const giftWaiting = gift > 0 && !greeting.gift_claimed;
  // only the first acceptor gets the energy: a later one is told before and after accepting
  const giftTaken = gift > 0 && greeting.gift_claimed;
  const checking = session.loading || (signedIn && status.isLoading);
  const accepted = status.data?.is_accepted || justAccepted;

  // A visitor who pressed 'Принять' and then signed in gets what they asked for.
  const resume = askSignIn && signedIn && status.data && !status.data.is_accepted && !status.data.is_own;
  useEffect(() => {
    if (!resume) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- finishing the action the sign-in interrupted
    setAskSignIn(false);
    void onAccept();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once when the interrupted accept can resume
  }, [resume]);

  async function onAccept() {
    setError(null);
    if (!signedIn) {
      setAskSignIn(true);
      auth.open('login', t('greeting:view.loginReason'));
      return;
    }
    try {
      const res = await accept.mutateAsync();
      setJustAccepted(true);
      setGiftNote(
        res.energy_received > 0
          ? t('greeting:view.giftReceived', { count: res.energy_received })
          : gift > 0 && !res.already_accepted
            ? `${t('greeting:view.giftTaken')}.`
            : null,
      );
      haptic('success');
      void celebrate({ y: 0.7 });
    } catch (e) {
      haptic('error');
      setError(errorMessage(e, t('greeting:view.acceptError')));
    }
  }

  // the card sits below the greeting: bring it into view (it stays there if the sign-in dialog is closed)
  const showSignIn = askSignIn && !signedIn;
  useEffect(() => {
    if (showSignIn) signInCard.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  }, [showSignIn]);

  // Inside Telegram its own buttons carry the page's actions: «Принять», then «Ответить» (to the reply form)
  const panel = useRef<HTMLElement>(null);
  // (the page keeps its own button too: the greeting's words lead down to it)
  useTelegramMainButton({
    text: checking ? t('greeting:view.checking') : accept.isPending ? t('greeting:view.accepting') : t('greeting:view.accept'),
    visible: !accepted,
    loading: checking || accept.isPending,
    onClick: () => void onAccept(),
  });
  useTelegramSecondaryButton({
    text: t('shell:tg.reply'),
    visible: accepted,
    onClick: () => {
      const form = panel.current?.querySelector<HTMLElement>('form') ?? null;
      form?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
      form?.querySelector<HTMLElement>('textarea, input, button')?.focus({ preventScroll: true });
    },
  });

  return (
    <section ref={panel} aria-label={t('greeting:view.accept')} className="flex flex-col items-center gap-3 text-center text-white">
      {giftWaiting && !accepted && (
        <p className="rounded-full bg-black/25 px-4 py-2 text-sm font-bold backdrop-blur">{t('greeting:view.gift', { count: gift })}</p>
      )}
      {giftTaken && !accepted && !checking && (
        <p className="rounded-full bg-black/25 px-4 py-2 text-sm font-semibold backdrop-blur" data-testid="gift-taken">
          {t('greeting:view.giftTaken')}
        </p>
      )}
      {greeting.telegram_gift && (
        <Suspense fallback={null}>
          <TelegramGiftNotice greeting={greeting} accepted={accepted} />
        </Suspense>
      )}
      {justAccepted && (
        <p role="status" className="rounded-3xl bg-black/25 px-4 py-2 text-sm font-bold backdrop-blur" data-testid="accepted-note">
          {t('greeting:view.acceptedNote')}
          {giftNote && (
            <span className="mt-0.5 block font-semibold" data-testid="accepted-gift">
              {giftNote}
            </span>
          )}
        </p>
      )}
      {accepted ? (
        <button type="button" className={`${big} bg-white text-[#7c2d5a]`} onClick={() => navigate('/accepted-greetings')}>
          <Festive text={t('greeting:view.myGifts')} />
        </button>
      ) : (
        <button
          type="button"
          className={`${big} bg-gradient-to-r from-[#ff4d8d] to-[#ff9f43] text-white`}
          onClick={() => void onAccept()}
          disabled={checking || accept.isPending}
          aria-busy={checking || accept.isPending}
        >
          {checking ? t('greeting:view.checking') : accept.isPending ? t('greeting:view.accepting') : t('greeting:view.accept')}
        </button>
      )}
      {showSignIn && (
        <div ref={signInCard} role="alert" className="flex scroll-my-6 w-full flex-col items-center gap-3 rounded-3xl bg-white/95 p-5 text-[#2a1f2d] shadow-xl">
          <p className="font-semibold">{t('greeting:view.loginRequired')}</p>
          <p className="text-sm text-[#7a6a76]">{t('greeting:view.loginHint')}</p>
          <button type="button" className="h-11 rounded-full bg-[#e2466f] px-6 font-bold text-white" onClick={() => auth.open('login', t('greeting:view.loginReason'))}>
            {t('greeting:view.signIn')}
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className="rounded-2xl bg-[#dc2626] px-4 py-3 text-sm font-semibold">
          {error}
        </p>
      )}
      {accepted && (
        <Suspense fallback={null}>
          <ReplyPanel greeting={greeting} />
        </Suspense>
      )}
    </section>
  );
}
