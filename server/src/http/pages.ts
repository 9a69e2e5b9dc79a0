/** A URL whose last segment has an extension names a file (a script, an image), never a page. */
const isFilePath = (url: string): boolean => /\.[A-Za-z0-9]+$/.test(url.slice(url.lastIndexOf('/') + 1));

/** Whether a request (its path without the query) asks for a page of the web app rather than the API, media or a file. */
export const isPageRequest = (method: string, url: string): boolean =>
  (method === 'GET' || method === 'HEAD') && !url.startsWith('/api/') && !url.startsWith('/media/') && !url.startsWith('/og/') && !isFilePath(url);

/**
 * The same address with every segment that does not decode (a link cut short mid-character) made
 * literal: its `%` written as `%25`, so the app can open it and say what it cannot find. It stays
 * on this site: leading slashes (or backslashes) fold into one, so `//elsewhere.example%E0` cannot
 * become a redirect to another host.
 */
export function withLiteralBadSegments(url: string): string {
  const q = url.indexOf('?');
  const [path, search] = q < 0 ? [url, ''] : [url.slice(0, q), url.slice(q)];
  const segments = path.split('/').map((segment) => (decoded(segment) === null ? segment.replace(/%/g, '%25') : segment));
  return `/${segments.join('/').replace(/^[/\\]+/, '')}${search}`;
}

/** A segment's decoded text, or null when it does not decode. (Its value is used: a bare call in a try was dropped by the bundler as free of effects.) */
function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
