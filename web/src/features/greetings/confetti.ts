import { confetti } from '../../ui/confetti';
import { CONFETTI_COLORS, CONFETTI_PARTICLES } from './backgrounds';

/** The greeting's burst: 150 pieces in 7 colours (spec 001 §9). */
export function celebrate(origin: { x?: number; y?: number } = { y: 0.6 }): Promise<void> {
  return confetti({ origin, particles: CONFETTI_PARTICLES, spread: 100, colors: CONFETTI_COLORS });
}
