import { MEDIA_SPECS, type MediaKind } from '@otkrytka/contract/rules/postcards';
import { useTranslation } from '@/i18n';
import { AlertIcon } from '@/ui/icons';

export interface PixelSize {
  width: number;
  height: number;
}

const shown = (s: PixelSize) => `${s.width}×${s.height}`;

/** The stated minimum of a kind; none for videos. */
export function minimumOf(kind: MediaKind): PixelSize | null {
  return kind === 'image' ? MEDIA_SPECS.staticMin : kind === 'gif' ? MEDIA_SPECS.gifMin : null;
}

/** True when a picture (or GIF) is narrower or lower than its kind's stated minimum. */
export function belowMinimum(kind: MediaKind, size: PixelSize | null | undefined): boolean {
  const min = minimumOf(kind);
  return !!min && !!size && (size.width < min.width || size.height < min.height);
}

/**
 * The width and height of a picked picture or GIF, read in the browser before it is sent; null
 * when the browser cannot tell (an unreadable file — the server says so on upload).
 */
export async function readImageSize(file: Blob): Promise<PixelSize | null> {
  try {
    if (typeof createImageBitmap === 'function') {
      const bitmap = await createImageBitmap(file);
      const size = { width: bitmap.width, height: bitmap.height };
      bitmap.close?.();
      return size;
    }
    if (typeof URL.createObjectURL !== 'function') return null;
    const url = URL.createObjectURL(file);
    try {
      const img = new Image();
      img.src = url;
      await img.decode();
      return { width: img.naturalWidth, height: img.naturalHeight };
    } finally {
      URL.revokeObjectURL(url);
    }
  } catch {
    return null;
  }
}

/**
 * A warning, not a refusal (the specs are stated, not enforced): the picture or GIF is smaller than
 * its stated minimum and will look blurry on a large screen. Nothing when it is large enough or
 * its size is unknown.
 */
export function SizeWarning({ kind, size, className }: { kind: MediaKind; size: PixelSize | null | undefined; className?: string }) {
  const { t } = useTranslation('uploads');
  const min = minimumOf(kind);
  if (!min || !size || !belowMinimum(kind, size)) return null;
  return (
    <p role="status" data-testid="size-warning" className={`flex items-start gap-1.5 rounded-xl bg-warning/10 px-2.5 py-1.5 text-sm text-warning-ink ${className ?? ''}`}>
      <AlertIcon size={16} className="mt-0.5 shrink-0" />
      <span>{t(kind === 'gif' ? 'picker.tooSmallGif' : 'picker.tooSmallImage', { min: shown(min), size: shown(size) })}</span>
    </p>
  );
}
