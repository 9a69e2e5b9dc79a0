import type { Upload } from '@otkrytka/contract';
import { MEDIA_SPECS, type MediaKind, UPLOAD_ACCEPT, UPLOAD_TYPES } from '@otkrytka/contract/rules/postcards';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { type TFunction, useTranslation } from '@/i18n';
import { Button } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { useShortcut } from '../channels/useShortcut';
import { IconUpload } from '../postcards/icons';
import { useUploadFile } from './queries';
import { type PixelSize, readImageSize, SizeWarning } from './imageSize';
import { checkFile, kindOfFile, uploadErrorMessage } from './uploadErrors';

const size = (s: { width: number; height: number }) => `${s.width}×${s.height}`;
/** The stated media specs, for the picker's hint. */
const MEDIA_SPEC_TEXT = {
  staticMin: size(MEDIA_SPECS.staticMin),
  staticRec: size(MEDIA_SPECS.staticRecommended),
  gifMin: size(MEDIA_SPECS.gifMin),
  videoRec: size(MEDIA_SPECS.videoRecommended),
  videoMax: MEDIA_SPECS.videoMaxSeconds,
};

/** A file's size for people: whole kilobytes below a megabyte, else megabytes to one decimal. */
function fileSize(bytes: number, lang: string, t: TFunction<'uploads'>): string {
  const n = (x: number) => x.toLocaleString(lang === 'en' ? 'en-GB' : 'ru-RU', { maximumFractionDigits: 1 });
  return bytes < 1024 * 1024 ? t('picker.sizeKb', { n: n(Math.max(1, Math.round(bytes / 1024))) }) : t('picker.sizeMb', { n: n(bytes / 1024 / 1024) });
}

interface Picked {
  file: File;
  kind: MediaKind;
  /** an object URL of the picture for the preview (confirm mode), revoked when it changes */
  preview: string | null;
}

/**
 * Pick (or drop) one file and upload it with a real progress bar. By default the upload starts as
 * soon as a file is picked (the add-postcard wizard has its own «Далее»); with `confirm`, the picked
 * file is shown first (name, size, a preview of a picture) with «Загрузить», so the user can
 * choose another one. A picture or GIF below its stated minimum size gets a warning, never a
 * refusal. `o` / `щ` opens the picker on desktop when `shortcut` is on.
 * `onBusyChange` tells the parent while a file is uploading; `onUploaded` also gets the picture's
 * size as the browser read it (null when unknown).
 */
export function UploadPicker({
  onUploaded,
  shortcut,
  onBusyChange,
  confirm = false,
}: {
  onUploaded: (u: Upload, picked: { size: PixelSize | null }) => void;
  shortcut?: boolean;
  onBusyChange?: (busy: boolean) => void;
  confirm?: boolean;
}) {
  const { t, i18n } = useTranslation('uploads');
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadFile();
  const [error, setError] = useState<string | null>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  // the size the browser read, of the file it belongs to (a later pick must not show an earlier size)
  const [measured, setMeasured] = useState<{ file: File; size: PixelSize | null } | null>(null);
  const measuredRef = useRef(measured);
  const size = picked && measured?.file === picked.file ? measured.size : null;
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    onBusyChange?.(upload.isPending);
    return () => onBusyChange?.(false);
  }, [upload.isPending, onBusyChange]);
  const preview = picked?.preview ?? null;
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);
  useShortcut(['o', 'щ'], () => input.current?.click(), { enabled: !!shortcut && !upload.isPending, inDialog: true });

  const send = (file: File) => {
    setError(null);
    upload.mutate(file, {
      onSuccess: (u) => {
        if (!u.cloud_url) setError(t('errors.noCloud'));
        onUploaded(u, { size: measuredRef.current?.file === file ? measuredRef.current.size : null });
      },
      onError: (e) => setError(uploadErrorMessage(e, t)),
    });
  };

  const pick = (file: File | undefined) => {
    if (!file || upload.isPending) return;
    const problem = checkFile(file, t);
    const kind = kindOfFile(file);
    if (problem || !kind) {
      setPicked(null);
      setError(problem);
      return;
    }
    setError(null);
    const showsPreview = confirm && kind !== 'video' && typeof URL.createObjectURL === 'function';
    setPicked({ file, kind, preview: showsPreview ? URL.createObjectURL(file) : null });
    if (kind !== 'video')
      void readImageSize(file).then((s) => {
        measuredRef.current = { file, size: s };
        setMeasured(measuredRef.current);
      });
    if (!confirm) send(file);
  };

  const percent = upload.progress === null ? null : Math.round(upload.progress * 100);
  const dropHandlers = {
    onDragOver: (e: DragEvent) => {
      e.preventDefault();
      setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      setDragging(false);
      pick(e.dataTransfer.files[0]);
    },
  };
  const chosen = confirm ? picked : null;
  return (
    <div className="flex flex-col gap-3">
      {chosen ? (
        <div
          {...dropHandlers}
          data-testid="picked-file"
          className={cx('flex items-center gap-3 rounded-2xl border-2 p-3 transition-colors', dragging ? 'border-dashed border-primary bg-primary-soft' : 'border-transparent bg-surface-2')}
        >
          {chosen.preview ? (
            <img src={chosen.preview} alt="" data-testid="picked-preview" className="h-24 w-[66px] shrink-0 rounded-lg bg-surface-3 object-contain" />
          ) : (
            <span aria-hidden="true" className="flex h-24 w-[66px] shrink-0 items-center justify-center rounded-lg bg-surface-3 text-muted">
              <IconUpload size={22} />
            </span>
          )}
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium" title={chosen.file.name}>
              {chosen.file.name}
            </p>
            <p className="text-sm tabular-nums text-muted">
              {fileSize(chosen.file.size, i18n.language, t)}
              {size && ` · ${size.width}×${size.height}`}
            </p>
            <button type="button" className="tap-44 mt-1 text-sm font-medium text-primary disabled:text-muted" disabled={upload.isPending} onClick={() => input.current?.click()}>
              {t('picker.another')}
            </button>
          </div>
        </div>
      ) : (
        <div
          {...dropHandlers}
          className={cx(
            'flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed px-4 py-7 text-center transition-colors',
            dragging ? 'border-primary bg-primary-soft' : 'border-border bg-surface-2',
          )}
        >
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-primary-soft text-primary">
            <IconUpload size={24} />
          </span>
          <p className="text-sm text-muted">
            {/* nothing is dragged on a touch screen */}
            <span className="pointer-coarse:hidden">{t('picker.hint', { types: UPLOAD_TYPES.join(', ') })}</span>
            <span className="hidden pointer-coarse:inline">{t('picker.hintTouch', { types: UPLOAD_TYPES.join(', ') })}</span>
          </p>
          <p className="text-xs text-muted">{t('picker.limits')}</p>
          <p className="text-xs text-muted">{t('picker.specs', MEDIA_SPEC_TEXT)}</p>
          <Button onClick={() => input.current?.click()} loading={upload.isPending} aria-keyshortcuts={shortcut ? 'o' : undefined}>
            {t('picker.choose')}
          </Button>
        </div>
      )}
      <input
        ref={input}
        type="file"
        accept={UPLOAD_ACCEPT}
        className="sr-only"
        // the buttons open it: one stop for the keyboard and one control for a screen reader
        tabIndex={-1}
        aria-hidden="true"
        data-testid="upload-input"
        onChange={(e) => {
          pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {/* next to the file: while it uploads here, or as it waits for «Загрузить» */}
      {picked && (confirm || upload.isPending) && <SizeWarning kind={picked.kind} size={size} />}
      {percent !== null && (
        <div className="flex flex-col gap-1.5" aria-live="polite">
          <div className="flex justify-between text-sm">
            <span className="truncate">{picked?.file.name}</span>
            <span className="tabular-nums text-muted">{percent}%</span>
          </div>
          <div
            role="progressbar"
            aria-label={t('picker.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2.5 overflow-hidden rounded-full bg-surface-3"
          >
            <div className="h-full rounded-full bg-gradient-to-r from-primary to-accent transition-[width] duration-150" style={{ width: `${percent}%` }} />
          </div>
          {percent === 100 && <p className="text-xs text-muted">{t('picker.processing')}</p>}
        </div>
      )}
      {error && (
        <p role="alert" className="rounded-xl bg-danger/10 px-3 py-2 text-sm text-danger">
          {error}
        </p>
      )}
      {chosen && (
        <div className="flex justify-end">
          {/* the file is picked: Enter uploads it */}
          <Button onClick={() => send(chosen.file)} loading={upload.isPending} autoFocus>
            <IconUpload size={18} />
            {t('upload')}
          </Button>
        </div>
      )}
    </div>
  );
}
