import type { Upload } from '@otkrytka/contract';
import { MEDIA_SPECS, UPLOAD_ACCEPT, UPLOAD_TYPES } from '@otkrytka/contract/rules/postcards';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n';
import { Button } from '../../ui/Button';
import { cx } from '../../ui/cx';
import { useShortcut } from '../channels/useShortcut';
import { IconUpload } from '../postcards/icons';
import { useUploadFile } from './queries';
import { checkFile, uploadErrorMessage } from './uploadErrors';

const size = (s: { width: number; height: number }) => `${s.width}×${s.height}`;
/** The stated media specs (spec 001 §3), for the picker's hint. */
const MEDIA_SPEC_TEXT = {
  staticMin: size(MEDIA_SPECS.staticMin),
  staticRec: size(MEDIA_SPECS.staticRecommended),
  gifMin: size(MEDIA_SPECS.gifMin),
  videoRec: size(MEDIA_SPECS.videoRecommended),
  videoMax: MEDIA_SPECS.videoMaxSeconds,
};

/**
 * Pick (or drop) one file and upload it with a real progress bar. `o` / `щ` opens the picker on
 * desktop when `shortcut` is on (spec 001 §2). `onBusyChange` tells the parent while a file is uploading.
 */
export function UploadPicker({
  onUploaded,
  shortcut,
  onBusyChange,
}: {
  onUploaded: (u: Upload) => void;
  shortcut?: boolean;
  onBusyChange?: (busy: boolean) => void;
}) {
  const { t } = useTranslation('uploads');
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadFile();
  const [error, setError] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    onBusyChange?.(upload.isPending);
    return () => onBusyChange?.(false);
  }, [upload.isPending, onBusyChange]);
  useShortcut(['o', 'щ'], () => input.current?.click(), { enabled: !!shortcut && !upload.isPending, inDialog: true });

  const start = (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    const problem = checkFile(file, t);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    upload.mutate(file, {
      onSuccess: (u) => {
        if (!u.cloud_url) setError(t('errors.noCloud'));
        onUploaded(u);
      },
      onError: (e) => setError(uploadErrorMessage(e, t)),
    });
  };

  const percent = upload.progress === null ? null : Math.round(upload.progress * 100);
  return (
    <div className="flex flex-col gap-3">
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          start(e.dataTransfer.files[0]);
        }}
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
        <input
          ref={input}
          type="file"
          accept={UPLOAD_ACCEPT}
          className="sr-only"
          // the button above opens it: one stop for the keyboard and one control for a screen reader
          tabIndex={-1}
          aria-hidden="true"
          data-testid="upload-input"
          onChange={(e) => {
            start(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </div>
      {percent !== null && (
        <div className="flex flex-col gap-1.5" aria-live="polite">
          <div className="flex justify-between text-sm">
            <span className="truncate">{fileName}</span>
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
    </div>
  );
}
