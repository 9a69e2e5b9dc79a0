/**
 * The pages of the web app: the router's table (web/src/app/routes.tsx) names exactly these, and
 * the server answers any other path with its not-found page and status 404.
 */
export const APP_PAGES = [
  '/',
  '/auth',
  '/gallery',
  '/mychannels',
  '/mychannels/:channelId',
  '/mychannels/:channelId/:postcardId',
  '/mychannels/:channelId/:postcardId/create-congratulation',
  '/mysubscriptions',
  '/bookmarks',
  '/bookmarks/:postcardId',
  '/categories',
  '/accepted-greetings',
  '/congratulations',
  '/received-greetings',
  '/my-uploads',
  '/sandbox',
  '/sandbox/:postcardId',
  '/moderator',
  '/moderator/:postcardId',
  '/settings',
  '/terms',
  '/greeting/:greetingId',
  '/greeting/:greetingId/join/:invite',
  '/signed-greetings',
  '/edit-greeting/:greetingId',
  '/game-data',
  '/dates',
  '/holiday/:holidayId',
  '/stars-orders',
] as const;

export type AppPage = (typeof APP_PAGES)[number];

export interface PathMatch {
  params: Record<string, string>;
  pathname: string;
  pattern: string;
}

/**
 * Matches a whole pathname against `pattern` (`/a/:id`, a final `*` takes the rest), case-insensitively
 * and with or without a trailing slash; params are URL-decoded.
 */
export function matchPath(pattern: string, pathname: string): PathMatch | null {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    if (w === '*' && i === want.length - 1) {
      params['*'] = have.slice(i).map(decode).join('/');
      return { params, pathname, pattern };
    }
    const h = have[i];
    if (h === undefined) return null;
    if (w.startsWith(':')) params[w.slice(1)] = decode(h);
    else if (w.toLowerCase() !== decode(h).toLowerCase()) return null;
  }
  return have.length === want.length ? { params, pathname, pattern } : null;
}

/** Whether `pathname` (inside the app, without `/telegram`) is one of the app's pages. */
export const isAppPage = (pathname: string) => APP_PAGES.some((page) => matchPath(page, pathname) !== null);

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
