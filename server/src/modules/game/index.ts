/**
 * The game: yin and yang energy, the spin, levels, quests, achievements, the daily reward,
 * crystals, top players and production. Listens to other modules' events (subscribers.ts) and
 * raises notices (`notice.raised`).
 */
export { gameModule } from './routes';
