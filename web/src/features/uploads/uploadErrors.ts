import {
  MEDIA_KIND_OF_TYPE,
  UPLOAD_MAX_BYTES,
  UPLOAD_TYPES,
  type MediaKind,
  type UploadType,
} from '@otkrytka/contract/rules/postcards';
import type { TFunction } from '@/i18n';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errorMessage';

export const megabytes = (n: number) => (n / 1024 / 1024).toFixed(1).replace(/\.0$/, '');

const EXTENSIONS: Record<string, UploadType> = { jpg: 'jpg', jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif', mp4: 'mp4' };

/** What a picked file is by its name (as `checkFile` judges it), or null for a type not allowed. */
export function kindOfFile(file: File): MediaKind | null {
  const type = EXTENSIONS[file.name.split('.').pop()?.toLowerCase() ?? ''];
  return type ? MEDIA_KIND_OF_TYPE[type] : null;
}

/**
 * Checks a picked file before sending it: an allowed extension and the size limit
 * of its kind. Returns the message to show, or null. The server checks the content again.
 */
export function checkFile(file: File, t: TFunction): string | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  const type = EXTENSIONS[ext];
  if (!type) return t('uploads:errors.invalidFileType', { types: UPLOAD_TYPES.join(', ') });
  const max = UPLOAD_MAX_BYTES[MEDIA_KIND_OF_TYPE[type]];
  if (file.size > max) return t('uploads:errors.fileTooLarge', { max: megabytes(max), size: megabytes(file.size) });
  return null;
}

/** The message for a failed upload in the reader's language: one by status, else by the error's code. */
export function uploadErrorMessage(e: unknown, t: TFunction): string {
  if (e instanceof ApiError) {
    if (e.status === 0) return t('uploads:errors.network');
    if (e.status === 401) return t('uploads:errors.unauthorized');
    if (e.status === 413) return t('uploads:errors.tooLargeServer');
    // the name passed checkFile, so the server found the content is no file of an allowed type
    if (e.status === 415) return t('uploads:errors.unreadable', { types: UPLOAD_TYPES.join(', ') });
    if (e.status >= 500) return t('uploads:errors.server');
    const reason = errorMessage(e, '');
    if (reason) return t('uploads:errors.uploadError', { error: reason });
  }
  return t('uploads:errors.failed');
}
