import confetti from 'canvas-confetti';
import { CONFETTI_COLORS, CONFETTI_PARTICLES } from './backgrounds';

/** The intro burst: 150 particles in 7 colours (spec 001 §9); nothing for people who prefer less motion. */
export function celebrate(origin: { x?: number; y?: number } = { y: 0.6 }) {
  return confetti({
    particleCount: CONFETTI_PARTICLES,
    colors: [...CONFETTI_COLORS],
    spread: 100,
    startVelocity: 45,
    ticks: 260,
    origin,
    zIndex: 1500,
    disableForReducedMotion: true,
  });
}
