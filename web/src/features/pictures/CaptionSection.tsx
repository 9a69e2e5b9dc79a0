import { useId, useMemo } from 'react';
import { useTranslation } from '@/i18n';
import { Switch } from '@/ui/Toggle';
import { CaptionEditor } from './CaptionEditor';
import { type CaptionValue, newCaption } from './caption';
import { footerPreview } from './footer';
import { useCaptionFonts } from './queries';

/**
 * The wizard's «Ваши слова на открытке»: off by default; switched on, the caption editor over the
 * postcard. A caption left without words is not sent.
 */
export default function CaptionSection({
  imageUrl,
  value,
  onChange,
  footer,
  onFooterChange,
}: {
  imageUrl: string;
  value: CaptionValue | null;
  onChange: (next: CaptionValue | null) => void;
  /** the greeting's QR code at the bottom of the picture */
  footer: boolean;
  onFooterChange: (on: boolean) => void;
}) {
  const { t, i18n } = useTranslation('pictures');
  const switchId = useId();
  const footerContent = useMemo(() => (footer ? footerPreview(i18n.language, false) : null), [footer, i18n.language]);
  const footerId = useId();
  const fonts = useCaptionFonts();
  return (
    <section className="flex flex-col gap-4 rounded-3xl border border-border bg-surface p-4 shadow-card xs:p-5" aria-labelledby={`${switchId}-title`} data-testid="caption-section">
      <div className="flex items-center justify-between gap-4">
        <label htmlFor={switchId} className="min-w-0 cursor-pointer">
          <span id={`${switchId}-title`} className="block font-semibold">
            {t('caption.title')}
          </span>
          <span className="mt-1 block text-sm leading-snug text-muted">{t('caption.intro')}</span>
        </label>
        <Switch
          id={switchId}
          checked={value !== null}
          label={t('caption.add')}
          onChange={(on) => onChange(on ? newCaption(fonts.data?.[0]?.id) : null)}
        />
      </div>
      {value && <CaptionEditor imageUrl={imageUrl} value={value} onChange={onChange} footer={footerContent} />}
      {value && (
        <div className="flex items-center justify-between gap-4 border-t border-border pt-4">
          <label htmlFor={footerId} className="min-w-0 cursor-pointer">
            <span className="block text-sm font-semibold">{t('caption.footer')}</span>
            <span className="mt-0.5 block text-xs leading-snug text-muted">{t('caption.footerHint')}</span>
          </label>
          <Switch id={footerId} checked={footer} label={t('caption.footer')} onChange={onFooterChange} />
        </div>
      )}
    </section>
  );
}
