/** Texts of link previews, in the two languages of the app (ru is the default). */
export type ShareLang = 'ru' | 'en';

export const SHARE_TEXTS = {
  ru: {
    siteName: 'Открытка',
    siteDescription: 'Открытка — открытки и поздравления для близких',
    neutralHeadline: 'Открытки и поздравления для близких',
    // a dash, not «для»: the name is shown as typed (often «Бабушка» or «Маше»), and «для» would need it declined
    greetingTitle: (to: string) => `Поздравление — ${to}`,
    greetingDescription: 'Вам открытка! Откройте ссылку, чтобы посмотреть поздравление.',
    greetingKicker: 'Поздравление',
    postcardKicker: 'Открытка',
    postcardDescription: (channel: string) => `Открытка из канала «${channel}». Отправьте её с поздравлением.`,
    channelKicker: 'Канал',
    channelTitle: (name: string) => `Канал «${name}»`,
    channelDescription: (name: string) => `Открытки канала «${name}»`,
  },
  en: {
    siteName: 'Otkrytka',
    siteDescription: 'Otkrytka — postcards and greetings for your loved ones',
    neutralHeadline: 'Postcards and greetings for your loved ones',
    greetingTitle: (to: string) => `A greeting for ${to}`,
    greetingDescription: 'A postcard for you! Open the link to see the greeting.',
    greetingKicker: 'A greeting for',
    postcardKicker: 'Postcard',
    postcardDescription: (channel: string) => `A postcard from the channel “${channel}”. Send it with a greeting.`,
    channelKicker: 'Channel',
    channelTitle: (name: string) => `Channel “${name}”`,
    channelDescription: (name: string) => `Postcards of the channel “${name}”`,
  },
} as const;

/**
 * `?lang=en` on the link, else the language the reader chose in the app (its `language` cookie),
 * else the first language the client asks for; Russian by default. Link-preview robots send no
 * cookie, so a shared link's preview still follows the link and the robot.
 */
export function shareLang(query: string | undefined, acceptLanguage: string | undefined, chosen?: string | undefined): ShareLang {
  const q = new URLSearchParams(query ?? '').get('lang');
  if (q === 'en' || q === 'ru') return q;
  if (chosen === 'en' || chosen === 'ru') return chosen;
  return /^\s*en\b/i.test(acceptLanguage ?? '') ? 'en' : 'ru';
}
