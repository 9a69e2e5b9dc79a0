import { useEffect, useRef } from 'react';
import { SWIPE_EDGE_ZONE_PX, SWIPE_THRESHOLD_PX } from './constants';

/**
 * Opens the sidebar on a right swipe of more than 50 px that starts within 40 px of the left edge,
 * closes it on a left swipe of more than 50 px. Mostly vertical moves are scrolls.
 * While a swipe closes it, the open panel (`panel()`) follows the finger, and on release glides
 * shut, or back if the swipe was too short.
 */
export function useEdgeSwipe({
  isOpen,
  onOpen,
  onClose,
  enabled,
  panel,
}: {
  isOpen: boolean;
  onOpen: () => void;
  onClose: () => void;
  enabled: boolean;
  panel: () => HTMLElement | null;
}) {
  const state = useRef({ isOpen, onOpen, onClose, panel });
  useEffect(() => {
    state.current = { isOpen, onOpen, onClose, panel };
  });
  useEffect(() => {
    if (!enabled) return;
    let start: { x: number; y: number; fromEdge: boolean } | null = null;
    /** the panel being dragged, moved by an inline `translate` over its class's */
    let dragged: HTMLElement | null = null;
    const letGo = () => {
      if (!dragged) return;
      dragged.style.removeProperty('translate');
      dragged.style.removeProperty('transition');
      dragged = null;
    };
    const onStart = (e: TouchEvent) => {
      const t = e.touches.length === 1 ? e.touches[0] : undefined;
      start = t ? { x: t.clientX, y: t.clientY, fromEdge: t.clientX <= SWIPE_EDGE_ZONE_PX } : null;
    };
    const onMove = (e: TouchEvent) => {
      const t = e.touches[0];
      if (!start || !t || !state.current.isOpen) return;
      const dx = t.clientX - start.x;
      if (!dragged && (dx >= 0 || Math.abs(t.clientY - start.y) > Math.abs(dx))) return;
      dragged ??= state.current.panel();
      if (!dragged) return;
      dragged.style.transition = 'none';
      dragged.style.translate = `${Math.min(0, dx)}px 0`;
    };
    const onEnd = (e: TouchEvent) => {
      const t = e.changedTouches[0];
      const s = start;
      start = null;
      // the panel glides on from where the finger left it: to shut, or back open
      letGo();
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
      letGo();
    };
    document.addEventListener('touchstart', onStart, { passive: true });
    document.addEventListener('touchmove', onMove, { passive: true });
    document.addEventListener('touchend', onEnd, { passive: true });
    document.addEventListener('touchcancel', onCancel, { passive: true });
    return () => {
      document.removeEventListener('touchstart', onStart);
      document.removeEventListener('touchmove', onMove);
      document.removeEventListener('touchend', onEnd);
      document.removeEventListener('touchcancel', onCancel);
      letGo();
    };
  }, [enabled]);
}
