import { type KeyboardEvent, type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '@/i18n';
import { cx } from '@/ui/cx';
import { useRoving } from '@/ui/roving';
import { Segmented } from '@/ui/Toggle';
import type { CaptionFont } from '@otkrytka/contract';
import { type CaptionFontId, captionFontFamily, captionLength, type FooterContent } from '@otkrytka/contract/rules/caption';
import { CAPTION_LIMITS, type CaptionValue, clampPosition, fitCaptionText, SIZE_STEP } from './caption';
import { useCaptionFonts } from './queries';
import { loadCaptionFont, useFontsLoaded } from './fonts';
import { drawPicture, type Box } from './render';

/** The swatches offered first; any other colour through the colour input. */
export const CAPTION_SWATCHES = ['#ffffff', '#1f1f1f', '#ffd54a', '#e53935', '#ff6fa8', '#2f6fed'] as const;
/** One arrow press moves the caption 1 % of the picture; with Shift 10 %. */
const STEP = 0.01;
const BIG_STEP = 0.1;

export interface CaptionEditorProps {
  /** the postcard's still picture (same site, so the preview can be compared with the server's) */
  imageUrl: string;
  value: CaptionValue;
  onChange: (next: CaptionValue) => void;
  /** where the problem of the text is said (empty text, too many lines); null when fine */
  error?: string | null;
  /** the picture's footer (the greeting's QR code), drawn in the preview when the picture has it */
  footer?: FooterContent | null;
}

/**
 * The caption editor: the words (up to 3 lines, 120 characters), the font (every one with
 * Cyrillic), colour, size, alignment, outline or shadow, and the place on the card — dragged, or
 * moved with the arrow keys (Shift for bigger steps), the position said to screen readers. The
 * preview is drawn by the same function the server draws the picture with.
 */
export function CaptionEditor({ imageUrl, value, onChange, error, footer = null }: CaptionEditorProps) {
  const { t } = useTranslation('pictures');
  const fonts = useCaptionFonts();
  const textId = useId();
  const hintId = useId();
  const set = (patch: Partial<CaptionValue>) => onChange({ ...value, ...patch });

  return (
    // two columns where the editor itself is wide enough (the wizard's form column, the dialog on a wide screen)
    <div className="@container" data-testid="caption-editor">
      <div className="flex flex-col gap-5 @min-[580px]:grid @min-[580px]:grid-cols-[minmax(0,280px)_minmax(0,1fr)] @min-[580px]:items-start @min-[580px]:gap-6">
        <CaptionPreview imageUrl={imageUrl} value={value} footer={footer} fonts={fonts.data ?? []} onMove={(x, y) => set({ x, y })} />

        <div className="flex min-w-0 flex-col gap-5">
          <div className="flex flex-col gap-2">
            <div className="flex items-baseline justify-between gap-3">
              <label htmlFor={textId} className="text-sm font-semibold text-muted">
                {t('caption.text')}
              </label>
              <span className="text-xs tabular-nums text-muted" aria-hidden="true">
                {captionLength(value.text)}/{CAPTION_LIMITS.maxChars}
              </span>
            </div>
            <textarea
              id={textId}
              rows={3}
              value={value.text}
              // the limits hold as one types: a fourth line or the 121st character is not taken
              onChange={(e) => set({ text: fitCaptionText(e.target.value) })}
              placeholder={t('caption.placeholder')}
              aria-describedby={hintId}
              aria-invalid={error ? true : undefined}
              className="w-full resize-none rounded-2xl border border-border bg-surface px-4 py-3 text-base leading-relaxed text-text shadow-sm outline-none transition placeholder:text-muted/70 focus:border-primary focus:ring-4 focus:ring-primary/15"
            />
            <p id={hintId} className={cx('text-xs', error ? 'font-medium text-danger' : 'text-muted')} role={error ? 'alert' : undefined}>
              {error ?? t('caption.textHint', { lines: CAPTION_LIMITS.maxLines, max: CAPTION_LIMITS.maxChars })}
            </p>
          </div>

          <FontPicker fonts={fonts.data ?? []} failed={fonts.isError} value={value.font} onChange={(font) => set({ font })} />
          <ColorPicker value={value.color} onChange={(color) => set({ color })} />

          <div className="flex flex-wrap gap-x-6 gap-y-4">
            <SizeField value={value.size} onChange={(size) => set({ size })} />
            <div className="flex flex-col gap-2">
              <span className="text-sm font-semibold text-muted" aria-hidden="true">
                {t('caption.align')}
              </span>
              <Segmented
                label={t('caption.align')}
                value={value.align}
                onChange={(align) => set({ align })}
                options={[
                  { value: 'left', label: <AlignIcon align="left" label={t('caption.alignLeft')} /> },
                  { value: 'center', label: <AlignIcon align="center" label={t('caption.alignCenter')} /> },
                  { value: 'right', label: <AlignIcon align="right" label={t('caption.alignRight')} /> },
                ]}
              />
            </div>
          </div>
          <div className="flex flex-col gap-2">
            <span className="text-sm font-semibold text-muted" aria-hidden="true">
              {t('caption.effect')}
            </span>
            <Segmented
              label={t('caption.effect')}
              value={value.effect}
              onChange={(effect) => set({ effect })}
              className="w-full max-w-sm"
              options={[
                { value: 'none', label: t('caption.effectNone') },
                { value: 'outline', label: t('caption.effectOutline') },
                { value: 'shadow', label: t('caption.effectShadow') },
              ]}
            />
          </div>
        </div>
      </div>
    </div>
  );
}

function AlignIcon({ align, label }: { align: 'left' | 'center' | 'right'; label: string }) {
  const lines = align === 'left' ? 'M4 6h16M4 10h10M4 14h16M4 18h10' : align === 'center' ? 'M4 6h16M7 10h10M4 14h16M7 18h10' : 'M4 6h16M10 10h10M4 14h16M10 18h10';
  return (
    <>
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
        <path d={lines} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="sr-only">{label}</span>
    </>
  );
}

function FontPicker({ fonts, failed, value, onChange }: { fonts: CaptionFont[]; failed: boolean; value: CaptionFontId; onChange: (id: CaptionFontId) => void }) {
  const { t } = useTranslation('pictures');
  const labelId = useId();
  const ids = fonts.map((f) => f.id);
  const roving = useRoving(ids, value, onChange, { upDown: true });
  // every font shows its name in itself: they load as the picker opens
  useEffect(() => {
    for (const f of fonts) void loadCaptionFont(f).catch(() => {});
  }, [fonts]);
  return (
    <div>
      <div id={labelId} className="mb-2 text-sm font-semibold text-muted">
        {t('caption.font')}
      </div>
      {failed ? (
        <p role="alert" className="text-sm text-danger">
          {t('caption.fontsError')}
        </p>
      ) : (
        <div role="radiogroup" aria-labelledby={labelId} onKeyDown={roving.onKeyDown} className="grid grid-cols-2 gap-2 @min-[420px]:grid-cols-3 @min-[580px]:grid-cols-2">
          {fonts.map((f) => {
            const selected = f.id === value;
            return (
              <button
                key={f.id}
                {...roving.item(f.id)}
                type="button"
                role="radio"
                aria-checked={selected}
                onClick={() => onChange(f.id)}
                className={cx(
                  'h-12 truncate rounded-2xl border px-2 text-[17px] leading-none transition',
                  selected ? 'border-primary bg-primary/10 text-text ring-2 ring-primary' : 'border-border bg-surface hover:bg-surface-2',
                )}
                style={{ fontFamily: `"${captionFontFamily(f.id)}", system-ui` }}
              >
                {f.name}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}

function ColorPicker({ value, onChange }: { value: string; onChange: (c: string) => void }) {
  const { t } = useTranslation('pictures');
  const labelId = useId();
  const customId = useId();
  const swatches = [...CAPTION_SWATCHES] as string[];
  const current = swatches.includes(value.toLowerCase()) ? value.toLowerCase() : swatches[0]!;
  const roving = useRoving(swatches, current, onChange, { upDown: true });
  const custom = !swatches.includes(value.toLowerCase());
  return (
    <div>
      <div id={labelId} className="mb-2 text-sm font-semibold text-muted">
        {t('caption.color')}
      </div>
      <div className="flex flex-wrap items-center gap-2.5">
        <div role="radiogroup" aria-labelledby={labelId} onKeyDown={roving.onKeyDown} className="flex flex-wrap gap-2.5">
          {swatches.map((c) => {
            const selected = c === value.toLowerCase();
            return (
              <button
                key={c}
                {...roving.item(c)}
                type="button"
                role="radio"
                aria-checked={selected}
                aria-label={t('caption.colorName', { color: c })}
                onClick={() => onChange(c)}
                className={cx(
                  'h-10 w-10 rounded-full border border-black/15 shadow-sm transition dark:border-white/25',
                  selected ? 'ring-4 ring-primary ring-offset-2 ring-offset-bg' : 'hover:scale-105',
                )}
                style={{ background: c }}
              />
            );
          })}
        </div>
        <label
          htmlFor={customId}
          className={cx(
            'relative flex h-10 cursor-pointer items-center gap-2 rounded-full border border-border bg-surface px-3 text-sm font-semibold',
            custom && 'ring-4 ring-primary ring-offset-2 ring-offset-bg',
          )}
        >
          <span className="h-5 w-5 rounded-full border border-black/15" style={{ background: value }} aria-hidden="true" />
          {t('caption.colorCustom')}
          <input id={customId} type="color" value={value} onChange={(e) => onChange(e.target.value)} className="absolute inset-0 cursor-pointer opacity-0" />
        </label>
      </div>
    </div>
  );
}

function SizeField({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  const { t } = useTranslation('pictures');
  const id = useId();
  return (
    <div className="flex min-w-48 flex-1 flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-muted">
        {t('caption.size')}
      </label>
      <div className="flex h-9 items-center gap-3">
        <span className="text-xs font-bold text-muted" aria-hidden="true">
          A
        </span>
        <input
          id={id}
          type="range"
          min={CAPTION_LIMITS.sizeMin}
          max={CAPTION_LIMITS.sizeMax}
          step={SIZE_STEP}
          value={value}
          onChange={(e) => onChange(Number(e.target.value))}
          aria-valuetext={`${Math.round(((value - CAPTION_LIMITS.sizeMin) / (CAPTION_LIMITS.sizeMax - CAPTION_LIMITS.sizeMin)) * 100)}%`}
          className="h-2 w-full cursor-pointer accent-[var(--color-primary)]"
        />
        <span className="text-xl font-bold text-muted" aria-hidden="true">
          A
        </span>
      </div>
    </div>
  );
}

/**
 * The card as it will be sent, drawn on a canvas at the picture's own size by the shared drawing
 * function, with the caption's box over it: dragged by pointer, moved by the arrow keys.
 */
export function CaptionPreview({
  imageUrl,
  value,
  footer,
  fonts,
  onMove,
}: {
  imageUrl: string;
  value: CaptionValue;
  footer: FooterContent | null;
  fonts: CaptionFont[];
  onMove: (x: number, y: number) => void;
}) {
  const { t } = useTranslation('pictures');
  const canvas = useRef<HTMLCanvasElement>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [box, setBox] = useState<Box | null>(null);
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  const fontsVersion = useFontsLoaded();
  const drag = useRef<{ id: number; startX: number; startY: number; x: number; y: number } | null>(null);
  const positionId = useId();
  const font = fonts.find((f) => f.id === value.font);

  useEffect(() => {
    let live = true;
    const img = new Image();
    img.decoding = 'async';
    img.onload = () => live && setImage(img);
    img.src = imageUrl;
    return () => {
      live = false;
    };
  }, [imageUrl]);

  useEffect(() => {
    if (font) void loadCaptionFont(font).catch(() => {});
  }, [font]);

  useEffect(() => {
    const c = canvas.current;
    if (!c || !image) return;
    const drawn = drawPicture(c, image, value, footer);
    // where the caption landed is known once it is drawn
    setBox(drawn.box);
    setSize({ w: drawn.width, h: drawn.height });
  }, [image, value, footer, font, fontsVersion]);

  const move = (x: number, y: number) => {
    const p = clampPosition(x, y);
    onMove(p.x, p.y);
  };

  function onKeyDown(e: KeyboardEvent) {
    const step = e.shiftKey ? BIG_STEP : STEP;
    const d: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const by = d[e.key];
    if (!by) return;
    e.preventDefault();
    move(round(value.x + by[0]), round(value.y + by[1]));
  }

  function onPointerDown(e: PointerEvent<HTMLDivElement>) {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    e.currentTarget.focus({ preventScroll: true });
    drag.current = { id: e.pointerId, startX: e.clientX, startY: e.clientY, x: value.x, y: value.y };
  }
  function onPointerMove(e: PointerEvent<HTMLDivElement>) {
    const d = drag.current;
    const frame = canvas.current?.getBoundingClientRect();
    if (!d || d.id !== e.pointerId || !frame?.width) return;
    move(round(d.x + (e.clientX - d.startX) / frame.width, 1000), round(d.y + (e.clientY - d.startY) / frame.height, 1000));
  }
  const endDrag = () => {
    drag.current = null;
  };

  const position = t('caption.position', { x: Math.round(value.x * 100), y: Math.round(value.y * 100) });
  return (
    <figure className="mx-auto w-full max-w-[300px] @min-[580px]:sticky @min-[580px]:top-0">
      <div className="relative overflow-hidden rounded-2xl bg-surface-2 shadow-card" style={{ aspectRatio: size ? `${size.w} / ${size.h}` : '384 / 590' }}>
        <canvas
          ref={canvas}
          className="block h-full w-full"
          role="img"
          aria-label={value.text ? t('share.alt', { text: value.text }) : t('caption.preview')}
          data-testid="caption-preview"
        />
        {box && size && value.text.trim() && (
          <div
            role="group"
            tabIndex={0}
            aria-roledescription={t('caption.box')}
            aria-label={value.text}
            aria-describedby={`${positionId} ${positionId}-hint`}
            onKeyDown={onKeyDown}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
            className="absolute cursor-move touch-none rounded-md outline-2 outline-offset-2 outline-white/80 outline-dashed [box-shadow:0_0_0_1px_rgb(0_0_0/35%)] focus-visible:outline-solid focus-visible:outline-[3px] focus-visible:outline-primary"
            style={{
              left: `${(box.x / size.w) * 100}%`,
              top: `${(box.y / size.h) * 100}%`,
              width: `${(box.width / size.w) * 100}%`,
              height: `${(box.height / size.h) * 100}%`,
            }}
            data-testid="caption-box"
          />
        )}
      </div>
      <figcaption className="mt-2 text-center text-xs text-muted">
        <span id={`${positionId}-hint`}>{t('caption.moveHint')}</span>
        {/* said after each move: where the caption is now */}
        <span id={positionId} className="sr-only" aria-live="polite" data-testid="caption-position">
          {position}
        </span>
      </figcaption>
    </figure>
  );
}

const round = (v: number, by = 100) => Math.round(v * by) / by;
