import { i18n, type TextKey, translate } from '../i18n/runtime';
import { ApiError, NETWORK_ERROR, TIMEOUT_ERROR } from './api';

/**
 * A validation detail "field: ns.key" (the contract names its messages by translation key) reads as
 * that text; any other detail is shown as the server wrote it.
 */
function detailText(detail: string): string {
  const m = /^(?:[\w.]+:\s*)?([a-z]+)\.([\w.]+)$/.exec(detail);
  // a key the server wrote: i18n.exists has checked it
  return m && i18n.exists(m[2]!, m[1]!) ? translate(`${m[1]}:${m[2]}` as TextKey) : detail;
}

/**
 * A message for a caught error in the reader's language: a validation message the contract names
 * by key, else the text of the error's code (the `errors` namespace; no answer or a server error:
 * common:errorCodes), else the server's detail, else
 * the fallback. (`detail` stays for API clients and logs.)
 */
export function errorMessage(e: unknown, fallback: string): string {
  if (e instanceof ApiError) {
    // no word from the server: the caller's text, and why — the same words everywhere for a lost
    // connection or a request given up
    if (e.status === 0 && (e.code === NETWORK_ERROR || e.code === TIMEOUT_ERROR)) {
      const why = translate(`common:errorCodes.${e.code}`);
      return fallback ? `${fallback}${/[.!?…]$/.test(fallback) ? ' ' : '. '}${why}` : why;
    }
    if (e.code.startsWith('HTTP_')) return fallback || translate('common:errorCodes.INTERNAL_ERROR');
    const detail = typeof e.detail === 'string' ? e.detail : '';
    const keyed = detail ? detailText(detail) : detail;
    if (keyed !== detail) return keyed;
    // an error with params reads `<code>_params`, which names them; every code of the contract has a
    // text (server/test/error-texts.test.ts); a code this app does not know yet has none
    const params = { ...e.params, context: e.params ? 'params' : undefined };
    if (i18n.exists(e.code, 'errors')) return translate(`errors:${e.code}` as TextKey, params);
    if (i18n.exists(`errorCodes.${e.code}`, 'common')) return translate(`common:errorCodes.${e.code}` as TextKey, params);
    return detail || fallback;
  }
  if (e instanceof Error && e.message) return e.message;
  return fallback;
}
