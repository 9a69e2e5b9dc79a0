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
 * The language the reader chose in the app (its `language` cookie), else the one the link asks for
 * (`?lang=en`: the sharer's), else Russian — the rule the app opens a page by (`pageLanguage`), so
 * a page's title and preview speak the language of the page. Link-preview robots send no cookie:
 * a preview follows the link.
 */
export function shareLang(query: string | undefined, chosen?: string | undefined): ShareLang {
  if (chosen === 'en' || chosen === 'ru') return chosen;
  const q = new URLSearchParams(query ?? '').get('lang');
  return q === 'en' ? 'en' : 'ru';
}
