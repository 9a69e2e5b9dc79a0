/**
 * Telegram Stars (docs/PRODUCT-RULES.md, Stars): orders paid in Stars, their invoices, the bot's
 * pre-checkout answer and payments, refunds, expiry, the nightly reconciliation, and the Telegram
 * gifts on offer. It imports no other module, so every module may use it.
 */
export { starsModule } from './routes';
export { starsService, telegramBuyer, type StarsService } from './service';
export { GIFT_TEXT_MAX, type NewOrder, type PreCheckout, type SuccessfulPayment, toOrder } from './orders';
export { STARS_TEXTS, starsLang } from './texts';
export { starsRepo } from './repo';
