import { flushSync } from 'react-dom';
import { memo, type ReactNode, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useRef, type Ref } from 'react';
import { useTranslation } from '@/i18n';
import { displaySource, mediaKindOf, VIEWER_SIZES } from '../media';
import { VIEWER } from '../navigation';
import type { ViewerCard } from '../types';
import { PostcardMedia } from './PostcardMedia';

export interface StageHandle {
  /** slides to the next (1) or previous (-1) card; false while a slide runs or at the ends */
  go(dir: 1 | -1): boolean;
}

interface StageProps {
  cards: ViewerCard[];
  index: number;
  sound: boolean;
  /** called when a slide has finished, with the new index */
  onSettle(index: number): void;
  /** drawn over the media box of the card on screen (badges) */
  overlay?: ReactNode;
  /** Escape: leaves the viewer (the page's back) */
  onEscape?: () => void;
  ref?: Ref<StageHandle>;
}

const EASE = 'cubic-bezier(0.22, 0.8, 0.3, 1)';

/** A dialog on screen takes the keys (hidden ones, like a closed drawer, are inert or aria-hidden). */
const modalOpen = () =>
  [...document.querySelectorAll('[aria-modal="true"]')].some((el) => !el.closest('[aria-hidden="true"], [inert]'));
/** How far a drag at either end follows the finger (rubber band). */
const RESISTANCE = 0.3;

/**
 * The vertical card strip. The card on screen and its neighbours are mounted (so a swipe shows the
 * next picture at once); moving slides the strip for 350 ms, during which input is ignored, then
 * the index changes and the strip snaps back in the same frame. Drags are written straight to the
 * DOM so the card follows the finger without React renders. The parent is a size container that
 * defines `--box-w`, the width of the 384:590 media box.
 */
export function ViewerStage({ cards, index, sound, onSettle, overlay, onEscape, ref }: StageProps) {
  const strip = useRef<HTMLDivElement>(null);
  const busy = useRef(false);
  const settleTimer = useRef<number | undefined>(undefined);
  const touch = useRef<{ y: number; x: number; t: number; vertical: boolean | null } | null>(null);
  const wheel = useRef({ last: 0, locked: false });
  const state = useRef({ index, cards, onSettle });
  useLayoutEffect(() => {
    state.current = { index, cards, onSettle };
  });

  const place = useCallback((offset: string, animate: boolean) => {
    const el = strip.current;
    if (!el) return;
    el.style.transition = animate ? `transform ${VIEWER.slideMs}ms ${EASE}` : 'none';
    el.style.transform = `translate3d(0, ${offset}, 0)`;
  }, []);

  const go = useCallback(
    (dir: 1 | -1): boolean => {
      const { index: i, cards: from } = state.current;
      if (busy.current) return false;
      const target = from[i + dir];
      if (!target) {
        place('0px', true);
        return false;
      }
      busy.current = true;
      place(`${-dir * 100}%`, true);
      settleTimer.current = window.setTimeout(() => {
        // the card slid to, wherever it is now: a window that loaded more meanwhile moved the indexes
        const at = state.current.cards.findIndex((c) => c.id === target.id);
        // the new index renders synchronously, so the strip snaps back in the same frame
        if (at >= 0) flushSync(() => state.current.onSettle(at));
        // the page did not move (the list changed meanwhile): show the card still on screen, unlocked
        if (busy.current) {
          place('0px', false);
          busy.current = false;
        }
      }, VIEWER.slideMs);
      return true;
    },
    [place],
  );
  useEffect(() => () => window.clearTimeout(settleTimer.current), []);
  useImperativeHandle(ref, () => ({ go }), [go]);

  // the new index is on screen: put the strip back without animation before the browser paints
  useLayoutEffect(() => {
    place('0px', false);
    busy.current = false;
  }, [index, place]);

  // keyboard: down/right next, up/left previous, Escape leaves — not while typing or while a dialog
  // or menu has the keys. Attached while committing (a layout effect), so a key pressed as soon as
  // the first card is on screen is never lost to a listener that is not there yet.
  const escape = useRef(onEscape);
  useEffect(() => {
    escape.current = onEscape;
  });
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const dir = e.key === 'ArrowDown' || e.key === 'ArrowRight' ? 1 : e.key === 'ArrowUp' || e.key === 'ArrowLeft' ? -1 : 0;
      const leave = e.key === 'Escape' && !!escape.current;
      if ((!dir && !leave) || e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="menu"], [role="dialog"]')) return;
      if (modalOpen()) return;
      e.preventDefault();
      if (leave) escape.current?.();
      else if (dir) go(dir);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go]);

  // wheel: one gesture (events without a quiet gap) moves at most one card
  const onWheel = (e: React.WheelEvent) => {
    const w = wheel.current;
    if (e.timeStamp - w.last > VIEWER.wheelQuietMs) w.locked = false;
    w.last = e.timeStamp;
    if (w.locked || busy.current || Math.abs(e.deltaY) <= VIEWER.wheelDelta) return;
    if (go(e.deltaY > 0 ? 1 : -1)) w.locked = true;
  };

  const onTouchStart = (e: React.TouchEvent) => {
    if (busy.current || e.touches.length !== 1) return;
    const p = e.touches[0]!;
    touch.current = { y: p.clientY, x: p.clientX, t: e.timeStamp, vertical: null };
  };
  const onTouchMove = (e: React.TouchEvent) => {
    const s = touch.current;
    if (!s || busy.current) return;
    const p = e.touches[0]!;
    const dy = p.clientY - s.y;
    const dx = p.clientX - s.x;
    if (s.vertical === null && Math.abs(dy) + Math.abs(dx) > 6) s.vertical = Math.abs(dy) >= Math.abs(dx);
    if (!s.vertical) return;
    const { index: i, cards: now } = state.current;
    const atEnd = (dy > 0 && i === 0) || (dy < 0 && i === now.length - 1);
    place(`${atEnd ? dy * RESISTANCE : dy}px`, false);
  };
  const onTouchEnd = (e: React.TouchEvent) => {
    const s = touch.current;
    touch.current = null;
    if (!s || busy.current) return;
    const p = e.changedTouches[0]!;
    const dy = p.clientY - s.y;
    if (s.vertical && Math.abs(dy) > VIEWER.swipePx) {
      if (!go(dy < 0 ? 1 : -1)) place('0px', true);
    } else {
      place('0px', true);
    }
  };

  // the card after next (and before previous) is fetched ahead too
  useEffect(() => {
    for (const c of [cards[index + 2], cards[index - 2]]) {
      if (c && mediaKindOf(c.image_url, c.media_kind) !== 'video') {
        // the same pick as the slide's img: sizes and srcset before src
        const { src, srcSet } = displaySource(c);
        const img = new Image();
        img.sizes = VIEWER_SIZES;
        if (srcSet) img.srcset = srcSet;
        img.src = src;
      }
    }
  }, [cards, index]);

  const visible = [index - 1, index, index + 1].filter((i) => i >= 0 && i < cards.length);
  return (
    <div
      className="relative h-full w-full touch-none select-none overflow-hidden overscroll-none"
      onWheel={onWheel}
      onTouchStart={onTouchStart}
      onTouchMove={onTouchMove}
      onTouchEnd={onTouchEnd}
      onTouchCancel={onTouchEnd}
      data-testid="viewer-stage"
    >
      <div ref={strip} className="absolute inset-0 will-change-transform">
        {visible.map((i) => (
          <Slide key={cards[i]!.id} card={cards[i]!} offset={i - index} sound={sound} overlay={i === index ? overlay : null} />
        ))}
      </div>
    </div>
  );
}

const Slide = memo(function Slide({ card, offset, sound, overlay }: { card: ViewerCard; offset: number; sound: boolean; overlay: ReactNode }) {
  const { t } = useTranslation();
  const active = offset === 0;
  const { src, srcSet, poster, preview } = displaySource(card);
  return (
    <div
      className="absolute inset-0 flex items-center justify-center"
      style={{ transform: `translate3d(0, ${offset * 100}%, 0)` }}
      aria-hidden={!active}
      data-card-id={card.id}
      data-active={active || undefined}
    >
      <div className="relative overflow-hidden bg-black sm:rounded-2xl" style={{ width: 'var(--box-w)', aspectRatio: '384 / 590' }}>
        <PostcardMedia src={src} srcSet={srcSet} preview={preview} poster={poster} placeholder={card.thumbnail_url} kind={card.media_kind} alt={card.title || t('pages.viewer')} active={active} sound={sound} />
        {(card.title || card.description) && (
          <div
            className="pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/75 via-black/35 to-transparent px-4 pr-16 pt-12 text-white sm:pr-4"
            style={{ paddingBottom: 'calc(1rem + var(--caption-clear, 0px))' }}
            data-testid="viewer-caption"
          >
            {card.title && <p className="truncate text-[15px] font-semibold [text-shadow:0_1px_2px_rgb(0_0_0/60%)]">{card.title}</p>}
            {card.description && card.description !== card.title && (
              <p className="mt-0.5 line-clamp-2 break-words text-[13px] leading-snug text-white/85">{card.description}</p>
            )}
          </div>
        )}
        {overlay}
      </div>
    </div>
  );
});
