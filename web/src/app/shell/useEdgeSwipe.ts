import { useEffect, useRef } from 'react';
import { SWIPE_EDGE_ZONE_PX, SWIPE_THRESHOLD_PX } from './constants';

/**
 * Opens the sidebar on a right swipe of more than 50 px that starts within 40 px of the left edge,
 * closes it on a left swipe of more than 50 px (spec 000 §2). Mostly vertical moves are scrolls.
 */
export function useEdgeSwipe({ isOpen, onOpen, onClose, enabled }: { isOpen: boolean; onOpen: () => void; onClose: () => void; enabled: boolean }) {
  const state = useRef({ isOpen, onOpen, onClose });
  useEffect(() => {
    state.current = { isOpen, onOpen, onClose };
  });
  useEffect(() => {
    if (!enabled) return;
    let start: { x: number; y: number; fromEdge: boolean } | null = null;
    const onStart = (e: TouchEvent) => {
      const t = e.touches.length === 1 ? e.touches[0] : undefined;
      start = t ? { x: t.clientX, y: t.clientY, fromEdge: t.clientX <= SWIPE_EDGE_ZONE_PX } : null;
    };
    const onEnd = (e: TouchEvent) => {
      const t = e.changedTouches[0];
      const s = start;
      start = null;
      if (!s || !t) return;
      const dx = t.clientX - s.x;
      const dy = t.clientY - s.y;
      if (Math.abs(dy) > Math.abs(dx)) return;
      const { isOpen: open, onOpen: openIt, onClose: closeIt } = state.current;
      if (!open && s.fromEdge && dx > SWIPE_THRESHOLD_PX) openIt();
      else if (open && dx < -SWIPE_THRESHOLD_PX) closeIt();
    };
    const onCancel = () => {
      start = null;
    };
    document.addEventListener('touchstart', onStart, { passive: true });
    document.addEventListener('touchend', onEnd, { passive: true });
    document.addEventListener('touchcancel', onCancel, { passive: true });
    return () => {
      document.removeEventListener('touchstart', onStart);
      document.removeEventListener('touchend', onEnd);
      document.removeEventListener('touchcancel', onCancel);
    };
  }, [enabled]);
}
