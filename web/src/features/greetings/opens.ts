import { api } from '@/lib/api';

const reported = new Set<string>();

/**
 * Tells the server that a greeting is on screen: what counts as an open (a bare read of the
 * API, as a link-preview fetcher makes, counts nothing). Once per greeting and page load; the
 * server counts a viewer once per 30 minutes anyway. A failure is not the reader's concern.
 */
export function reportOpen(id: string): void {
  if (reported.has(id)) return;
  reported.add(id);
  api('POST /api/greetings/{id}/open', { params: { id } }).catch(() => reported.delete(id));
}
