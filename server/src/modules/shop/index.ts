/** The shop: energy packs sold for Telegram Stars, credited through the ledger; the Stars metrics. */
export { shopModule } from './routes';
