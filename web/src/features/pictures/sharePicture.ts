/**
 * Sending a picture (a postcard with its caption drawn in): the device's own share sheet with the
 * file where `navigator.canShare({ files })` allows it; otherwise the picture sheet offers «Скачать»,
 * the messengers' links and, where the Clipboard API takes images, «Копировать картинку».
 */

/** The messengers the picture sheet links to, in the order shown. */
export const MESSENGERS = ['whatsapp', 'telegram', 'vk', 'ok', 'viber'] as const;
export type Messenger = (typeof MESSENGERS)[number];

/** Each messenger's share link for `url` with `text`. */
export const messengerLinks: Record<Messenger, (url: string, text: string) => string> = {
  whatsapp: (url, text) => `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`,
  telegram: (url, text) => `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`,
  vk: (url, text) => `https://vk.com/share.php?url=${encodeURIComponent(url)}&title=${encodeURIComponent(text)}`,
  ok: (url, text) => `https://connect.ok.ru/offer?url=${encodeURIComponent(url)}&title=${encodeURIComponent(text)}`,
  viber: (url, text) => `viber://forward?text=${encodeURIComponent(`${text} ${url}`)}`,
};

/** The file name a picture is saved and shared under: `otkrytka-<last part of its address>` with its extension. */
export function pictureFileName(url: string, type: string): string {
  const ext = type === 'image/png' ? 'png' : type === 'image/webp' ? 'webp' : 'jpg';
  const base = (new URL(url, window.location.href).pathname.split('/').pop() ?? '').replace(/\.[a-z0-9]+$/i, '').replace(/[^\w-]/g, '');
  return `otkrytka${base ? `-${base.slice(0, 40)}` : ''}.${ext}`;
}

/** Fetches the picture as a file ready to share or save. */
export async function pictureFile(url: string): Promise<File> {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`picture ${res.status}`);
  const blob = await res.blob();
  const type = blob.type || 'image/jpeg';
  return new File([blob], pictureFileName(url, type), { type });
}

/** Whether the device shares files through its own sheet (Web Share API level 2). */
export function canShareFile(file: File): boolean {
  try {
    return typeof navigator.share === 'function' && typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] });
  } catch {
    return false;
  }
}

/**
 * Hands the file to the device's share sheet. 'shared', 'cancelled' (the user closed it), or
 * 'unavailable' (no sheet for files, or it refused): the caller shows its own sheet then.
 */
export async function shareFile(file: File, text: string): Promise<'shared' | 'cancelled' | 'unavailable'> {
  if (!canShareFile(file)) return 'unavailable';
  try {
    await navigator.share({ files: [file], text });
    return 'shared';
  } catch (e) {
    return (e as Error).name === 'AbortError' ? 'cancelled' : 'unavailable';
  }
}

/** Whether this browser can put a picture on the clipboard (ClipboardItem and clipboard.write). */
export function canCopyImage(): boolean {
  return typeof ClipboardItem === 'function' && typeof navigator.clipboard?.write === 'function';
}

/** A PNG of `blob` (browsers put only PNG pictures on the clipboard). */
async function asPng(blob: Blob): Promise<Blob> {
  if (blob.type === 'image/png') return blob;
  const bitmap = await createImageBitmap(blob);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
  bitmap.close();
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('png'))), 'image/png'));
}

/** Puts the picture on the clipboard. */
export async function copyImage(file: Blob): Promise<void> {
  // the promise keeps Safari's user activation while the PNG is made
  await navigator.clipboard.write([new ClipboardItem({ 'image/png': asPng(file) })]);
}

/** Saves the file on the device through a download link. */
export function downloadFile(file: File): void {
  const href = URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = href;
  a.download = file.name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // the browser has taken the address once the click is handled
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** The greeting a picture's address belongs to (`/api/greetings/{id}/picture…`); null for a postcard's picture. */
export function greetingOfPicture(pictureUrl: string): string | null {
  return /^\/api\/greetings\/([\w-]+)\/picture(?:\?|$)/.exec(pictureUrl)?.[1] ?? null;
}
