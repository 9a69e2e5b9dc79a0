/** What the Stars pipeline says to a buyer, in their language (Bot API limits: title 1–32, description 1–255 characters). */
export type StarsLang = 'ru' | 'en';
export const starsLang = (code: string | null | undefined): StarsLang => (code === 'en' ? 'en' : 'ru');

export const STARS_TEXTS = {
  ru: {
    giftTitle: 'Подарок в поздравлении',
    giftDescription: (toWhom: string) => `Подарок Telegram в поздравлении «${toWhom}». Он придёт получателю, когда тот примет поздравление в Telegram.`,
    packTitle: (yang: number) => `${yang} ян`,
    packDescription: (yang: number) => `Пакет энергии для игры Открытки: +${yang} ян сразу после оплаты.`,
    priceLabel: 'Цена',
    notPayable: 'Этот заказ уже нельзя оплатить: он оплачен, отменён или истёк. Создайте новый в приложении.',
    wrongPayer: 'Этот счёт выставлен другому пользователю.',
    giftFailedSender: (toWhom: string) =>
      `Не удалось вручить подарок Telegram из поздравления «${toWhom}»: подарок закончился или получатель не может принимать подарки. Звёзды вернулись к вам.`,
    giftFailedRecipient: 'Подарок Telegram из принятого поздравления не удалось вручить: он закончился или ваш аккаунт не принимает подарки. Отправитель получил звёзды обратно.',
  },
  en: {
    giftTitle: 'A gift in a greeting',
    giftDescription: (toWhom: string) => `A Telegram gift inside the greeting for “${toWhom}”. It reaches them when they accept the greeting in Telegram.`,
    packTitle: (yang: number) => `${yang} yang`,
    packDescription: (yang: number) => `An energy pack for the Otkrytka game: +${yang} yang right after payment.`,
    priceLabel: 'Price',
    notPayable: 'This order can no longer be paid: it was paid, cancelled or has expired. Make a new one in the app.',
    wrongPayer: 'This invoice was made for another user.',
    giftFailedSender: (toWhom: string) =>
      `The Telegram gift of your greeting for “${toWhom}” could not be delivered: it is sold out or the recipient cannot receive gifts. Your Stars were refunded.`,
    giftFailedRecipient: 'The Telegram gift of a greeting you accepted could not be delivered: it is sold out or your account does not receive gifts. The sender got their Stars back.',
  },
} as const;

/** Cuts a text to `max` characters (code points), ending with «…» when cut. */
export function within(text: string, max: number): string {
  const chars = [...text.trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}
