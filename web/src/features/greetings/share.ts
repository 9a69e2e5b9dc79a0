import { linkLanguageQuery } from '@/i18n/language';

/**
 * Links for sharing a greeting. The page link is the web address of the greeting (also when the
 * app runs inside Telegram: the recipient may not use Telegram), in the sharer's language `lang`.
 */
export const greetingPageUrl = (publicId: string, lang: string, origin: string = window.location.origin) =>
  `${origin}/greeting/${publicId}${linkLanguageQuery(lang)}`;

export const shareTargets = {
  telegram: (url: string, text: string) =>
    `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`,
  whatsapp: (url: string, text: string) => `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`,
  vk: (url: string, text: string) => `https://vk.com/share.php?url=${encodeURIComponent(url)}&title=${encodeURIComponent(text)}`,
} as const;
export type ShareTarget = keyof typeof shareTargets;

/** Where Back on a greeting page goes (the original app: query `from`). */
export function backTarget(from: string | null): string | null {
  if (from === 'congratulations') return '/congratulations';
  if (from === 'accepted-greetings') return '/accepted-greetings';
  if (from === 'received-greetings') return '/received-greetings';
  if (from === 'signed-greetings') return '/signed-greetings';
  return null;
}

/** Copies text to the clipboard, with a fallback for browsers (and WebViews) without the Clipboard API. */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      /* fall back below */
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy failed');
}
