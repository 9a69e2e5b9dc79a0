import type confetti from 'canvas-confetti';
import { CONFETTI_COLORS, CONFETTI_PARTICLES } from './backgrounds';

let fire: Promise<confetti.CreateTypes> | null = null;

/**
 * Our own confetti canvas, drawn on the main thread: the default instance draws in a blob: worker,
 * which the Content-Security-Policy (script-src 'self') rightly refuses. The library loads on the
 * first burst, not with the greeting page (it is 4 KB of the recipient's first load).
 */
function instance(): Promise<confetti.CreateTypes> {
  fire ??= import('canvas-confetti').then(({ default: lib }) => {
    const canvas = document.createElement('canvas');
    canvas.setAttribute('aria-hidden', 'true');
    Object.assign(canvas.style, { position: 'fixed', inset: '0', width: '100%', height: '100%', pointerEvents: 'none', zIndex: '1500' });
    document.body.appendChild(canvas);
    return lib.create(canvas, { resize: true, useWorker: false, disableForReducedMotion: true });
  });
  fire.catch(() => (fire = null)); // a failed chunk may be fetched again
  return fire;
}

/** The intro burst: 150 particles in 7 colours (spec 001 §9); nothing for people who prefer less motion. */
export async function celebrate(origin: { x?: number; y?: number } = { y: 0.6 }) {
  const burst = await instance();
  return burst({
    particleCount: CONFETTI_PARTICLES,
    colors: [...CONFETTI_COLORS],
    spread: 100,
    startVelocity: 45,
    ticks: 260,
    origin,
  });
}
