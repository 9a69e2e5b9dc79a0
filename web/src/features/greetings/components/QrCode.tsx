import { renderSVG } from 'uqr';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from '@/i18n';

/**
 * A QR code of a link, for showing on a phone or printing into a paper card. Loaded on demand
 * (React.lazy) with its encoder, so it never weighs on the greeting page.
 */
export default function QrCode({ url }: { url: string }) {
  const { t } = useTranslation('greetings');
  const src = useMemo(() => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(url, { ecc: 'M', border: 4 }))}`, [url]);
  // it takes the place of the button that asked for it: focus comes here, not to the page behind the sheet
  const figure = useRef<HTMLElement>(null);
  useEffect(() => figure.current?.focus(), []);
  return (
    <figure ref={figure} tabIndex={-1} aria-label={t('share.qrAlt', { url })} className="flex flex-col items-center gap-2 rounded-xl focus:outline-none">
      <img src={src} alt={t('share.qrAlt', { url })} width={220} height={220} className="rounded-xl bg-white p-2 [image-rendering:pixelated]" data-testid="share-qr" />
      <figcaption className="text-center text-xs text-muted">{t('share.qrHint')}</figcaption>
      <a href={src} download="otkrytka-qr.svg" className="text-sm font-semibold text-primary underline-offset-2 hover:underline">
        {t('share.qrDownload')}
      </a>
    </figure>
  );
}
