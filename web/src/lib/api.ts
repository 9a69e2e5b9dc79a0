import type { ErrorCode, RouteRequest, RouteResponse, Routes } from '@otkrytka/contract';
import { i18n, loadBundle } from '../i18n/runtime';
import { tokenStore } from './token';

/** The code of an answer that was not our server's (a proxy's error page, a cut answer): `HTTP_<status>`. */
type HttpCode = `HTTP_${number}`;
/**
 * An error's code: the API's (the contract's `ErrorCode`), or one the client gives an error that
 * had no answer of the server's: no connection (`NETWORK`), given up (`TIMEOUT`), or `HTTP_<status>`.
 */
export type ApiErrorCode = ErrorCode | typeof NETWORK_ERROR | HttpCode;

/** An API error as the server sends it: `{detail, code}` with the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    readonly detail: unknown,
    readonly field?: string,
    /** values the code's text needs (contract ErrorParams) */
    readonly params?: Record<string, string | number>,
  ) {
    super(typeof detail === 'string' ? detail : `HTTP ${status}`);
  }
}

type Listener = (e: ApiError) => void;
const authRequiredListeners = new Set<Listener>();
/** Called whenever a request answers AUTH_REQUIRED (the session layer redirects or forces login). */
export function onAuthRequired(l: Listener): () => void {
  authRequiredListeners.add(l);
  return () => authRequiredListeners.delete(l);
}

export function buildUrl(path: string, params?: Record<string, unknown>, query?: Record<string, unknown>): string {
  let url = path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(String(params?.[k] ?? '')));
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    qs.set(k, String(v));
  }
  const s = qs.toString();
  if (s) url += `?${s}`;
  return url;
}

/** The code of an error no answer came with: offline, or the connection dropped. */
export const NETWORK_ERROR = 'NETWORK';
/** The code of a request given up after REQUEST_TIMEOUT_MS (status 0 too: no answer came). */
export const TIMEOUT_ERROR = 'TIMEOUT' satisfies ErrorCode;
/**
 * How long a request may take, answer included, before it is given up: a connection that hangs
 * would otherwise keep its spinner forever. Files (FormData) have no limit: a slow line takes minutes.
 */
export const REQUEST_TIMEOUT_MS = 20_000;

/**
 * The error of a failed answer. Our server always answers `{detail, code}`; anything else (a
 * proxy's error page, a cut answer) has no message to show, so it gets the code `HTTP_<status>`
 * and no detail, never the status line's English.
 */
export function answerError(status: number, text: string): ApiError {
  let body: { detail?: unknown; code?: unknown; field?: string; params?: Record<string, string | number> } | null = null;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  if (!body || typeof body.code !== 'string') return new ApiError(status, `HTTP_${status}`, '');
  // the server answers the contract's codes (a code this app does not know yet shows the detail: errorMessage)
  return new ApiError(status, body.code as ErrorCode, body.detail ?? '', body.field, body.params);
}

/**
 * Calls one route of the contract: `api('GET /api/collections/{id}', { params: { id } })`.
 * Types of params, query, body and the answer all come from the contract.
 */
export async function api<K extends keyof Routes>(
  route: K,
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "every field optional" test
  ...[req]: {} extends RouteRequest<Routes[K]> ? [RouteRequest<Routes[K]>?] : [RouteRequest<Routes[K]>]
): Promise<RouteResponse<Routes[K]>> {
  const [method, path] = (route as string).split(' ') as [string, string];
  const r = (req ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = tokenStore.get();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (r.body instanceof FormData) body = r.body;
  else if (r.body !== undefined || method === 'POST' || method === 'PUT' || method === 'PATCH') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(r.body ?? {});
  }
  const giveUp = new AbortController();
  const timer = body instanceof FormData ? undefined : setTimeout(() => giveUp.abort(), REQUEST_TIMEOUT_MS);
  try {
    return await send<K>(buildUrl(path, r.params, r.query), { method, headers, body, signal: giveUp.signal }, token);
  } catch (e) {
    throw giveUp.signal.aborted ? new ApiError(0, TIMEOUT_ERROR, '') : e;
  } finally {
    clearTimeout(timer);
  }
}

/** One request and its answer read whole; an error is an ApiError. */
async function send<K extends keyof Routes>(url: string, init: RequestInit, token: string | null): Promise<RouteResponse<Routes[K]>> {
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch {
    throw new ApiError(0, NETWORK_ERROR, '');
  }
  if (!res.ok) {
    const err = answerError(res.status, await res.text().catch(() => ''));
    await errorTexts();
    // only the session it was sent with has ended: an answer to a request sent before a logout
    // (or before signing in as someone else) says nothing about the session now
    if (err.code === 'AUTH_REQUIRED' && tokenStore.get() === token) {
      tokenStore.clear();
      authRequiredListeners.forEach((l) => l(err));
    }
    throw err;
  }
  if (res.status === 204) return undefined as RouteResponse<Routes[K]>;
  return (await res.json()) as RouteResponse<Routes[K]>;
}


/**
 * The texts of the server's error codes (the `errors` namespace) are in no first load: they load with
 * the first error answer, which waits for them, so its message is there when it is shown. Without
 * them (offline) the common texts stand in.
 */
function errorTexts(): Promise<unknown> {
  return Promise.all([...new Set([i18n.language, 'ru'])].map((lang) => loadBundle(lang, 'errors').catch(() => undefined)));
}

