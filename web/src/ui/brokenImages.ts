/**
 * An image that fails to load (a media file gone from storage) shows the tile or stage behind it,
 * not the browser's broken-picture icon with its alt text over the card; the alt text stays for
 * screen readers. Load errors do not bubble, so they are caught on the way down.
 */
export function hideBrokenImages(target: Window = window): void {
  target.addEventListener(
    'error',
    (e) => {
      if (e.target instanceof HTMLImageElement) e.target.dataset.broken = '';
    },
    true,
  );
}
