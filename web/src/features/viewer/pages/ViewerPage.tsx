import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useGoBack, useLocation, useNavigate, useParams, useSearchParams } from '@/router';
import { preloadNamespaces, useTranslation } from '@/i18n';
import { haptic, useTelegram, useTelegramBackButton } from '@/telegram';
import { useTelegramFullscreen, useTelegramVerticalSwipesOff } from '@/telegram/native';
import { errorMessage } from '@/lib/errorMessage';
import { AlertDialog, ConfirmDialog } from '@/ui/Dialogs';
import { useToast } from '@/ui/toast';
import { LoadingState } from '@/ui/Spinner';
import { EmptyState, ErrorState } from '@/ui/States';
import { useSession } from '@/features/auth/session';
import { KindBadge, StatusBadge } from '@/features/postcards/PostcardBadges';
import { EditPostcardDialog } from '@/features/postcards/EditPostcardDialog';
import { returnFocusTo } from '@/features/postcards/returnFocus';
import { useDocumentTitle } from '@/ui/Page';
import { useDeletePostcard, usePostcardView } from '@/features/postcards/queries';
import { ReportModal } from '@/features/reports/components/ReportModal';
import { SignPostcardDialog } from '@/features/pictures';
import { BookmarkButton, useBookmark } from '../components/BookmarkButton';
import { ChevronIcon, GiftIcon, InfoIcon, SoundOffIcon, SoundOnIcon } from '../components/icons';
import { InfoModal } from '../components/InfoModal';
import { LikeButton } from '../components/LikeButton';
import { OptionsMenu } from '../components/OptionsMenu';
import { RailButton } from '../components/RailButton';
import { SandboxDecision } from '../components/SandboxDecision';
import { FloatingBack, ViewerHeader } from '../components/ViewerHeader';
import { type StageHandle, ViewerStage } from '../components/ViewerStage';
import { mediaKindOf } from '../media';
import { backTarget, cardPath, nearestAfterRemoval, startIndex } from '../navigation';
import { useSoundEnabled } from '../sound';
import { useViewerSource } from '../sources';
import type { ViewerCard, ViewerMode } from '../types';
import { ImageIcon } from '@/ui/icons';
import { idFrom } from '@/lib/ids';

/** The media box and the rail beside it are placed with size-container units of the stage. */
const STAGE_VARS = {
  containerType: 'size',
  '--box-w': 'min(100cqw, calc((100cqh - 2 * var(--gap)) * 384 / 590))',
  '--box-h': 'calc(var(--box-w) * 590 / 384)',
} as React.CSSProperties;

/** The gap under the media box, and where the sandbox's vote buttons sit (at least 12 px up). */
const GAP_BELOW_BOX = '(100cqh - var(--box-h)) / 2';
const DECISION_BOTTOM = `max(12px, ${GAP_BELOW_BOX} - 64px)`;
/** In the sandbox the caption rises above the vote buttons where they lie over the media box (52 px: the buttons and a gap). */
const SANDBOX_STAGE_VARS = { ...STAGE_VARS, '--caption-clear': `max(0px, ${DECISION_BOTTOM} + 52px - ${GAP_BELOW_BOX})` } as React.CSSProperties;

/**
 * The full-screen viewer on /mychannels/{c}/{p}, /bookmarks/{p} and
 * /sandbox/{p}. The route names the card; moving replaces the history entry, keeping the query.
 */
export default function ViewerPage() {
  const { t } = useTranslation('viewer');
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const session = useSession();

  const mode: ViewerMode = location.pathname.startsWith('/sandbox/') ? 'sandbox' : params.channelId ? 'channel' : 'bookmarks';
  // ids that are no ids ("abc") open nothing: the viewer says the postcard is not found
  const channelId = params.channelId ? (idFrom(params.channelId) ?? null) : null;
  const routeId = idFrom(params.postcardId) ?? 0;
  const source = useViewerSource(mode, channelId, routeId, search, session.user);
  const goBack = useGoBack();
  // the card on screen when the viewer closes takes the focus back in the grid
  const onScreen = useRef(routeId);
  const back = useCallback(() => {
    returnFocusTo(onScreen.current);
    const target = backTarget(mode, search, channelId);
    // the gallery is at / as well as at /gallery
    goBack(target, target.startsWith('/gallery') ? ['/'] : []);
  }, [goBack, mode, search, channelId]);
  // inside Telegram its own back button follows the same rules, and the page draws none of its own
  useTelegramBackButton(true, back);
  // inside Telegram the viewer is fullscreen, and its vertical swipes are its own (not Telegram's close)
  useTelegramFullscreen();
  useTelegramVerticalSwipesOff(true);
  const { isTelegramApp } = useTelegram();

  // the card on screen; follows the route, and leads it while a move replaces the URL
  const [currentId, setCurrentId] = useState(routeId);
  useEffect(() => {
    onScreen.current = currentId;
  }, [currentId]);
  const [trackedRoute, setTrackedRoute] = useState(routeId);
  if (trackedRoute !== routeId) {
    setTrackedRoute(routeId);
    setCurrentId(routeId);
  }

  // cards deleted here leave the list at once, whatever list they came from
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const cards = useMemo(() => source.cards?.filter((c) => !removed.has(c.id)), [source.cards, removed]);
  const index = cards ? startIndex(cards.map((c) => c.id), currentId) : -1;
  const { reach } = source;
  useEffect(() => {
    if (index >= 0) reach?.(index);
  }, [reach, index]);
  const show = useCallback((card: ViewerCard) => setCurrentId(card.id), []);
  // once the new card is on screen, the URL follows (replacing the entry, keeping the query string)
  const query = location.search;
  const shownId = cards?.some((c) => c.id === currentId) ? currentId : null;
  useEffect(() => {
    if (shownId !== null && shownId !== routeId) navigate(cardPath(mode, shownId, channelId, query), { replace: true });
  }, [shownId, routeId, navigate, mode, channelId, query]);
  const onSettle = useCallback(
    (i: number) => {
      if (!cards?.[i]) return;
      haptic('selection'); // a light tick per card inside Telegram
      show(cards[i]);
    },
    [cards, show],
  );
  const { reopenAt } = source;
  const onDeleted = useCallback(
    (id: number) => {
      const rest = (cards ?? []).filter((c) => c.id !== id);
      const next = nearestAfterRemoval(rest.length, index);
      setRemoved((r) => new Set(r).add(id));
      if (next === null) return back();
      show(rest[next]!);
      reopenAt?.(rest[next]!.id);
    },
    [cards, index, back, show, reopenAt],
  );

  let body: React.ReactNode;
  if (mode === 'sandbox' && !session.loading && !session.user) {
    body = <Message title={t('sandbox:authRequired')} to="/auth" action={t('signIn')} />;
  } else if (session.loading || source.cardsLoading) {
    body = <LoadingState text={t('loadingCards')} />;
  } else if (mode === 'channel' && source.channelLoading) {
    body = <LoadingState text={t('loadingChannel')} />;
  } else if (source.error) {
    body = (
      <div className="text-text">
        <ErrorState title={t('loadError')} error={source.error} onRetry={source.retry} retryLabel={t('retry', { ns: 'common' })} />
      </div>
    );
  } else if (!cards || index < 0 || index >= cards.length) {
    // in the sandbox (one's own postcard, or one already decided): back to the sandbox, where it came from
    body = mode === 'sandbox' ? <Message title={t('notFound')} to="/sandbox" action={t('toSandbox')} /> : <Message title={t('notFound')} to="/gallery" action={t('toGallery')} />;
  } else {
    body = <Viewer mode={mode} cards={cards} index={index} channelId={channelId} onSettle={onSettle} onDeleted={onDeleted} onBack={back} />;
  }

  return (
    <div className="fixed inset-0 z-[900] flex flex-col bg-neutral-950 text-white" data-testid="viewer" data-mode={mode} data-tg-safe="">
      <ViewerHeader mode={mode} channel={source.channel} listingTotal={source.total} card={cards?.[index] ?? null} onBack={isTelegramApp ? undefined : back} />
      <div className="relative min-h-0 flex-1 [--gap:0px] sm:[--gap:12px]" style={mode === 'sandbox' ? SANDBOX_STAGE_VARS : STAGE_VARS}>
        {/* first in the tab order, as it is first on screen */}
        {!isTelegramApp && <FloatingBack onBack={back} />}
        {body}
      </div>
    </div>
  );
}

function Message({ title, to, action }: { title: string; to: string; action: string }) {
  // the tab says what the screen says, not the channel's name the header keeps
  useDocumentTitle(title);
  return (
    <div className="flex h-full items-center justify-center text-white">
      <EmptyState
        icon={<ImageIcon />}
        title={title}
        action={
          <Link to={to} className="inline-flex h-11 items-center rounded-xl bg-primary px-5 font-semibold text-on-primary">
            {action}
          </Link>
        }
      />
    </div>
  );
}

function Viewer({
  mode,
  cards,
  index,
  channelId,
  onSettle,
  onDeleted,
  onBack,
}: {
  mode: ViewerMode;
  cards: ViewerCard[];
  index: number;
  channelId: number | null;
  onSettle: (i: number) => void;
  onDeleted: (id: number) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('viewer');
  const session = useSession();
  const userId = session.user?.id ?? null;
  const [sound, toggleSound] = useSoundEnabled();
  const stage = useRef<StageHandle>(null);
  const [likes, setLikes] = useState<Record<number, number>>({});
  const [dialog, setDialog] = useState<'info' | 'report' | 'edit' | 'delete' | 'sign' | null>(null);
  const card = cards[index]!;
  const stats = usePostcardView(card.id, mode !== 'sandbox').data;
  const owner = userId !== null && userId === card.user_id;
  const bookmark = useBookmark(card);
  // the menu's «Подписать и отправить» (signed-in users) says its words as soon as the menu opens
  useEffect(() => {
    if (userId !== null) void preloadNamespaces(['pictures']).catch(() => {});
  }, [userId]);
  // greetings are made from a channel's card: only when the route has a channel id
  const createChannel = mode === 'channel' ? channelId : null;

  const badges = (
    <span className="absolute left-2 top-2 flex items-center gap-1.5">
      {!card.is_approved && <StatusBadge postcard={card} withLabel />}
      <KindBadge postcard={card} />
    </span>
  );

  return (
    <>
      <ViewerStage ref={stage} cards={cards} index={index} sound={sound} onSettle={onSettle} overlay={badges} onEscape={onBack} />

      {/* the rail: over the media's right edge on phones, beside the media box when there is room */}
      <div
        className="absolute z-10 flex flex-col items-center gap-3"
        style={{
          left: 'min(calc(50% + var(--box-w) / 2 + 16px), calc(100% - 64px))',
          bottom: 'calc((100cqh - var(--box-h)) / 2 + 16px)',
        }}
        data-testid="viewer-rail"
      >
        <RailButton label={t('controls.info')} onClick={() => setDialog('info')} testId="info-button">
          <InfoIcon />
        </RailButton>
        {/* only a video has sound to turn on; pictures and GIFs are silent */}
        {mediaKindOf(card.image_url, card.media_kind) === 'video' && (
          <RailButton label={sound ? t('controls.soundOff') : t('controls.soundOn')} onClick={toggleSound} pressed={sound} testId="sound-button">
            {sound ? <SoundOnIcon /> : <SoundOffIcon />}
          </RailButton>
        )}
        {userId !== null && <BookmarkButton bookmark={bookmark} />}
        {/* a postcard in the sandbox takes its one vote by the sandbox's buttons (the server holds the toggles to that too) */}
        {card.is_approved && (
          <LikeButton
            key={card.id}
            postcardId={card.id}
            userId={userId}
            count={likes[card.id] ?? card.likes_count}
            onCount={(n) => setLikes((l) => ({ ...l, [card.id]: n }))}
          />
        )}
        {/* a banned postcard cannot be sent (the server refuses it too) */}
        {createChannel !== null && !card.is_banned && (
          <Link
            to={`/mychannels/${createChannel}/${card.id}/create-congratulation`}
            aria-label={t('controls.create')}
            title={t('controls.create')}
            className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-primary text-on-primary shadow-lg transition active:scale-90"
            data-testid="create-button"
          >
            <GiftIcon />
          </Link>
        )}
        <OptionsMenu
          viewPostUrl={card.image_url}
          bookmark={userId !== null ? bookmark : undefined}
          onReport={owner ? undefined : () => setDialog('report')}
          onEdit={owner ? () => setDialog('edit') : undefined}
          onDelete={owner ? () => setDialog('delete') : undefined}
          // a captioned picture of an approved postcard, without a greeting: signed-in users only
          onSign={userId !== null && card.is_approved && !card.is_banned ? () => setDialog('sign') : undefined}
        />
      </div>

      {/* previous / next arrows from 840 px */}
      <div className="absolute right-5 top-1/2 z-10 hidden -translate-y-1/2 flex-col gap-3 min-[840px]:flex">
        {index > 0 && (
          <button
            type="button"
            onClick={() => stage.current?.go(-1)}
            aria-label={t('previous')}
            title={t('previous')}
            className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-white/15 text-white backdrop-blur-md transition hover:bg-white/25"
            data-testid="viewer-prev"
          >
            <ChevronIcon up />
          </button>
        )}
        {index < cards.length - 1 && (
          <button
            type="button"
            onClick={() => stage.current?.go(1)}
            aria-label={t('next')}
            title={t('next')}
            className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-white/15 text-white backdrop-blur-md transition hover:bg-white/25"
            data-testid="viewer-next"
          >
            <ChevronIcon />
          </button>
        )}
      </div>

      {mode === 'sandbox' && (
        <div className="absolute inset-x-0 z-10 flex justify-center" style={{ bottom: DECISION_BOTTOM }}>
          <SandboxDecision key={card.id} card={card} />
        </div>
      )}

      <InfoModal
        card={card}
        views={stats?.views ?? card.stats.views}
        likes={likes[card.id] ?? card.likes_count}
        viaSandbox={mode === 'sandbox' || !card.is_approved}
        open={dialog === 'info'}
        onClose={() => setDialog(null)}
      />
      {owner && <EditPostcardDialog postcard={card} open={dialog === 'edit'} onClose={() => setDialog(null)} />}
      <ReportModal postcardId={card.id} open={dialog === 'report'} onClose={() => setDialog(null)} />
      {/* the caption editor loads only when asked for */}
      {dialog === 'sign' && (
        <Suspense fallback={null}>
          <SignPostcardDialog postcard={card} open onClose={() => setDialog(null)} />
        </Suspense>
      )}
      {dialog === 'delete' && <DeleteDialog card={card} onClose={() => setDialog(null)} onDeleted={onDeleted} />}
    </>
  );
}

/** Deleting one's own postcard: confirm, delete, then the viewer moves on. */
function DeleteDialog({ card, onClose, onDeleted }: { card: ViewerCard; onClose: () => void; onDeleted: (id: number) => void }) {
  const { t } = useTranslation('viewer');
  const toast = useToast();
  const del = useDeletePostcard();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <>
      <ConfirmDialog
        open={failure === null}
        title={t('options.delete')}
        confirmLabel={t('delete', { ns: 'common' })}
        cancelLabel={t('cancel', { ns: 'common' })}
        danger
        loading={del.isPending}
        onClose={onClose}
        onConfirm={() =>
          del.mutate(card.id, {
            onSuccess: () => {
              onClose();
              onDeleted(card.id);
              toast(t('options.deleted'), 'success');
            },
            onError: (e) => setFailure(errorMessage(e, t('options.deleteError'))),
          })
        }
      >
        {t('options.deleteConfirm')}
      </ConfirmDialog>
      <AlertDialog open={failure !== null} title={t('options.deleteError')} okLabel={t('ok', { ns: 'common' })} onClose={onClose}>
        {failure}
      </AlertDialog>
    </>
  );
}
