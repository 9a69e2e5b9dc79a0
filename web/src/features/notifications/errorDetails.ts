import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errorMessage';

/**
 * What the error screen's «Подробности» say: the answer's status and the server's error code, each
 * once, then the message in the reader's language. An answer that was not the server's own
 * (a proxy's error page) has only the code made up from its status (`HTTP_500`), which would only
 * repeat it; a request that got no answer has no status, and its message says why.
 */
export function errorDetails(e: unknown): string {
  if (!(e instanceof ApiError)) return String(e);
  const status = e.status > 0 ? `HTTP ${e.status}` : '';
  const code = e.status > 0 && e.code !== `HTTP_${e.status}` ? e.code : '';
  const head = [status, code].filter(Boolean).join(' ');
  const message = errorMessage(e, '');
  return [head, message === head ? '' : message].filter(Boolean).join('\n');
}
