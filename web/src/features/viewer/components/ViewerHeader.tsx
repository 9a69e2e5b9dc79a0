import { useEffect, useRef } from 'react';
import { useTranslation } from '@/i18n';
import { useDocumentTitle } from '@/ui/Page';
import { galleryWords, shownChannel } from '@/features/channels/shown';
import type { ViewerCard, ViewerChannel, ViewerMode } from '../types';
import { BackIcon } from './icons';

/**
 * The 56 px header from 640 px up: back, "channel · postcard" title and the channel
 * description with its counts; `Избранное` in bookmarks mode. Narrower screens show only the
 * floating back button; the title is still there for screen readers. Opening the viewer puts the
 * focus on the title (the card pressed in the list is gone), and a new card's title is announced.
 */
export function ViewerHeader({
  mode,
  channel: stored,
  listingTotal,
  card,
  onBack,
}: {
  mode: ViewerMode;
  channel: ViewerChannel | null;
  /** how many cards the listing being viewed holds, when it is not the whole channel */
  listingTotal?: number | undefined;
  card: ViewerCard | null;
  /** none inside Telegram, whose own back button is there */
  onBack?: (() => void) | undefined;
}) {
  const { t } = useTranslation('viewer');
  const channel = stored && shownChannel(stored, galleryWords(t));
  const title =
    mode === 'bookmarks'
      ? t('bookmarksTitle')
      : mode === 'sandbox'
        ? t('sandboxTitle')
        : [channel?.name, card?.title].filter(Boolean).join(' · ');
  const counts = channel
    ? t('channelCounts', {
        subscribers: t('subscribers', { count: channel.subscribers_count }),
        postcards: t('postcards', { count: listingTotal ?? channel.postcards_count }),
      })
    : null;
  const description = mode === 'channel' ? [channel?.description, counts].filter(Boolean).join(' — ') : (card?.title ?? '');
  // the tab names the card on screen, and as it changes (a swipe) so does the tab
  useDocumentTitle(card?.title || title || undefined);
  // «Избранное» and «Песочница» are the spec's whole titles: a screen reader hears the card's as well
  const spokenCard = mode !== 'channel' && card?.title ? card.title : null;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const at = document.activeElement;
    if (!at || at === document.body) heading.current?.focus({ preventScroll: true });
  }, []);

  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b border-border bg-surface px-2 text-text max-sm:sr-only" data-testid="viewer-header">
      {onBack && (
        <button
          type="button"
          onClick={onBack}
          aria-label={t('back')}
          title={t('back')}
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full hover:bg-surface-2 max-sm:hidden"
        >
          <BackIcon />
        </button>
      )}
      <div className="min-w-0 flex-1">
        <h1 ref={heading} tabIndex={-1} aria-live="polite" className="truncate text-[15px] font-semibold leading-tight outline-none">
          {title}
          {spokenCard && (
            <>
              {' '}
              <span className="sr-only">· {spokenCard}</span>
            </>
          )}
        </h1>
        {description && <p className="truncate text-xs text-muted">{description}</p>}
      </div>
    </header>
  );
}

/** The back button floating over the media on narrow screens. */
export function FloatingBack({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('viewer');
  return (
    <button
      type="button"
      onClick={onBack}
      aria-label={t('back')}
      className="absolute left-3 top-[max(0.75rem,env(safe-area-inset-top))] z-10 inline-flex h-11 w-11 items-center justify-center rounded-full bg-black/40 text-white shadow-lg backdrop-blur-md active:scale-90 sm:hidden"
      data-testid="viewer-back"
    >
      <BackIcon />
    </button>
  );
}
