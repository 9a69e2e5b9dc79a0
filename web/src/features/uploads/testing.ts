import type { Upload } from '@otkrytka/contract';

/** An XMLHttpRequest whose upload finishes only when the test says so (tests stub the global with it). */
export class PendingUpload {
  /** every upload sent, in order, and the latest (tests reset them) */
  static sent: PendingUpload[] = [];
  static last: PendingUpload | null = null;
  upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  status = 0;
  responseText = '';
  statusText = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  abort() {}
  send() {
    PendingUpload.sent.push(this);
    PendingUpload.last = this;
  }
  finish(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

/** An upload as the server describes it: a small JPEG picture unless `over` says otherwise. */
export const uploadOf = (over: Partial<Upload> = {}): Upload => ({
  id: 5,
  file_name: 'spring.jpg',
  cloud_url: '/media/u/spring.jpg',
  hash: 'x',
  mime: 'image/jpeg',
  media_kind: 'image',
  size_bytes: 3,
  width: 10,
  height: 10,
  duration_ms: null,
  preview_78x101_url: null,
  thumbnail_url: null,
  uploaded_at: '2026-03-10T10:00:00.000Z',
  ...over,
});
