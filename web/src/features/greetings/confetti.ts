import { confetti } from '@/ui/confetti';
import { CONFETTI_COLORS, CONFETTI_PARTICLES } from './backgrounds';

/**
 * The greeting's burst: 150 pieces in 7 colours. It falls over the whole page, or,
 * given a `layer`, in that element: a layer of a stage under its words and its button, so that the
 * pieces pass behind «Смотреть открытку» instead of over its text.
 */
export function celebrate(origin: { x?: number; y?: number } = { y: 0.6 }, layer?: HTMLElement | null): Promise<void> {
  return confetti({ origin, particles: CONFETTI_PARTICLES, spread: 100, colors: CONFETTI_COLORS, container: layer });
}
