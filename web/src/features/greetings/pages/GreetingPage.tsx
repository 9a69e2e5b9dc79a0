import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useGoBack, useLocation, useNavigate, useParams, useSearchParams } from '@/router';
import { useTranslation } from '@/i18n';
import { useTelegram, useTelegramBackButton, useTelegramHeaderColor } from '@/telegram';
import { useTelegramFullscreen } from '@/telegram/native';
import { useSession } from '@/features/auth/session';
import { useNotificationStream } from '@/features/notifications/queries';
import { BACKGROUNDS } from '../backgrounds';
import { AcceptPanel } from '../components/AcceptPanel';
import { BackButton } from '../components/BackButton';
import { DetailStage } from '../components/GreetingDetail';
import { GreetingNotFound, greetingMissing } from '../components/GreetingNotFound';
import { ShareIcon } from '../components/icons';
import { IntroStage, LoadingStage, PostcardStage, Stage } from '../components/GreetingStages';
import { SenderBar } from '../components/SenderBar';
import { useShareGreeting } from '../components/ShareSheet';
import { forgetHandedStage, type GreetingStage, handedStage, stageAfterIntro } from '../handover';
import { reportOpen } from '../opens';
import { useGreeting } from '../queries';
import { useGreetingTitle } from '../pageTitle';
import { stageTopColor } from '../stageColor';
import { backTarget, greetingPageUrl } from '../share';

// kept out of the page's first load: only a sealed greeting's recipient or the sender needs them
const SealedStage = lazy(() => import('../components/SealedStage'));
const SenderTracking = lazy(() => import('../components/SenderTracking'));
// a group card's board of notes: only a group card loads it
const GroupBoard = lazy(() => import('../components/group/GroupBoard'));

/**
 * The stage this page's history entry was left on, kept in the entry itself: Back from «🎁 Мои
 * подарки» returns to the greeting, not to its intro.
 */
const entryStage = (): GreetingStage | undefined => (window.history.state as { greetingStage?: GreetingStage } | null)?.greetingStage;
const rememberEntryStage = (stage: GreetingStage) => window.history.replaceState({ ...(window.history.state as object | null), greetingStage: stage }, '');

/**
 * /greeting/{id}: the confetti intro, the postcard full screen, then the greeting.
 * With ?view=true (the recipient's link from a notification or the bot) it opens on the greeting.
 * Works for visitors and inside Telegram without a user. Back follows `from`.
 */
export default function GreetingPage() {
  const { t, i18n } = useTranslation(['greetings', 'greeting']);
  const { greetingId } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const view = params.get('view') === 'true';
  const greeting = useGreeting(greetingId);
  const failed = greeting.isError && !greetingMissing(greeting.error);
  // the page has no shell: the sender's own greeting listens itself for what its recipients do
  const { user } = useSession();
  useNotificationStream(greeting.data?.is_own && user ? user.id : null);
  useGreetingTitle(greeting.data?.to_whom, greeting.isError ? (failed ? 'loadFailed' : 'notFound') : undefined);
  // carries on from the recipient's first screen when that handed the greeting over (handover.ts)
  const [stage, setStage] = useState<GreetingStage>(() => handedStage(greetingId) ?? entryStage() ?? (view ? 'detail' : 'intro'));
  // the recipient tapped on to this stage (here, or on the first screen this page took over from)
  const [moved, setMoved] = useState(() => (handedStage(greetingId) ?? 'intro') !== 'intro');
  const goTo = (next: GreetingStage) => {
    setStage(next);
    setMoved(true);
  };
  // also the stage the first screen handed over, and again after a navigation that replaced the entry
  const { key: entryKey } = useLocation();
  useEffect(() => rememberEntryStage(stage), [stage, entryKey]);
  useEffect(() => forgetHandedStage(greetingId), [greetingId]);
  const { share, element: shareSheet } = useShareGreeting();

  const back = useGoBack();
  const { isTelegramApp } = useTelegram();
  const goBack = () => {
    const target = backTarget(params.get('from'));
    if (target) back(target);
    else if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1);
    // a link opened cold: on the web the greeting stays behind the gallery, so the browser's back
    // returns to it (in Telegram the gallery replaces it, and Telegram's back button hides there)
    else if (isTelegramApp) back('/gallery');
    else navigate('/gallery');
  };

  useTelegramBackButton(true, goBack);
  // inside Telegram the reveal (the envelope, then the postcard) takes the whole screen
  useTelegramFullscreen(stage !== 'detail');
  // Telegram's header above the page takes the colour at the top of the stage
  useTelegramHeaderColor(greeting.data ? stageTopColor(stage, greeting.data) : null);
  // inside Telegram its own back button is the one; the stages draw none
  const backButton = isTelegramApp ? <span className="w-11" aria-hidden="true" /> : <BackButton label={t('greeting:view.back')} onClick={goBack} />;

  // a sealed greeting that opens while looked at plays from the intro, as a fresh one does
  const sealed = greeting.data?.sealed === true;
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the reveal starts over when the seal breaks
    if (sealed) setStage('intro');
  }, [sealed]);
  const { refetch } = greeting;
  const recheck = useCallback(() => void refetch(), [refetch]);
  // on screen (an open greeting, not an envelope, not the sender's own): this is the open
  const shownToRecipient = !!greetingId && !!greeting.data && !greeting.data.sealed && !greeting.data.is_own;
  useEffect(() => {
    if (shownToRecipient) reportOpen(greetingId);
  }, [shownToRecipient, greetingId]);

  if (greeting.isLoading) {
    return (
      <LoadingStage text={t('greeting:view.loading')} />
    );
  }
  if (failed) return <GreetingNotFound onBack={goBack} onRetry={recheck} retrying={greeting.isFetching} />;
  if (greeting.isError || !greeting.data) return <GreetingNotFound onBack={goBack} />;

  const g = greeting.data;
  if (g.sealed) {
    return (
      <div className="fixed inset-0">
        <div className="pointer-events-none fixed inset-x-0 top-0 z-[1600] p-3 pt-[max(0.75rem,env(safe-area-inset-top))]">
          {backButton}
        </div>
        <Suspense fallback={<Stage background={BACKGROUNDS['pink-purple-indigo'].css}>{null}</Stage>}>
          <SealedStage greeting={g} receivedAt={greeting.dataUpdatedAt} onCheck={recheck} />
        </Suspense>
      </div>
    );
  }
  const isPreview = g.is_own && !view;
  const afterIntro = () => goTo(stageAfterIntro(g));
  const shareGreeting = (o: { sheet?: boolean } = {}) =>
    void share(greetingPageUrl(g.id, i18n.language), t('wizard.shareText'), {
      title: t('greeting:view.inviteText', { name: g.to_whom }),
      telegramUrl: g.telegram_url,
      // a captioned greeting's sender is offered the card with the words on it as a picture too
      picture: g.is_own && g.caption && g.picture_url ? { pictureUrl: g.picture_url, alt: g.caption.text } : null,
      ...o,
    });

  return (
    <div className="fixed inset-0">
      {/* first in the page, as on screen: Tab reaches «Назад» and «Поделиться» before the stage */}
      <div className="pointer-events-none fixed inset-x-0 top-0 z-[1600] flex items-center justify-between gap-3 p-3 pt-[max(0.75rem,env(safe-area-inset-top))]">
        {backButton}
        {isPreview && (
          // wraps rather than cut the spec's «Предпросмотр поздравления» on a narrow phone
          <span className="min-w-0 rounded-2xl bg-black/30 px-4 py-2 text-center text-xs font-bold leading-tight text-white backdrop-blur xs:text-sm">
            {t('greeting:view.preview')}
          </span>
        )}
        {isPreview ? (
          <button
            type="button"
            onClick={() => shareGreeting()}
            aria-label={t('greeting:view.shareLink')}
            title={t('greeting:view.shareLink')}
            className="pointer-events-auto flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-black/25 text-white backdrop-blur transition hover:bg-black/40"
          >
            <ShareIcon />
          </button>
        ) : (
          <span className="w-11" aria-hidden="true" />
        )}
      </div>
      {stage === 'intro' && <IntroStage key="intro" greeting={g} onNext={afterIntro} focus={moved} />}
      {stage === 'postcard' && g.postcard && <PostcardStage key="postcard" greeting={g} onNext={() => goTo('detail')} focus={moved} />}
      {stage === 'detail' && (
        <DetailStage key="detail" greeting={g} onReplay={() => goTo('intro')} focus={moved}>
          {!g.is_own ? (
            <>
              {g.group && (
                <Suspense fallback={null}>
                  <div className="mb-6">
                    <GroupBoard greeting={g} />
                  </div>
                </Suspense>
              )}
              <AcceptPanel greeting={g} />
            </>
          ) : (
            <div className="flex flex-col gap-4">
              <Suspense fallback={null}>
                <SenderTracking greeting={g} />
              </Suspense>
              {isPreview ? (
                <SenderBar greeting={g} onBack={goBack} onShare={shareGreeting} />
              ) : (
                <p className="rounded-2xl bg-black/25 px-4 py-3 text-center text-sm font-semibold text-white backdrop-blur">{t(g.status === 'accepted' ? 'greeting:view.ownHintAccepted' : 'greeting:view.ownHint')}</p>
              )}
            </div>
          )}
        </DetailStage>
      )}
      {shareSheet}
    </div>
  );
}
