import { describe, expect, it } from 'vitest';
import { APP_PAGES } from '@otkrytka/contract/rules/pages';
import { appRoutes, routeFor } from './routes';

/**
 * Forced login: every tab path except /gallery, plus /game-data, /congratulations
 * and /accepted-greetings, forces the login modal on a visitor; the gallery, the sandbox, greeting
 * pages and the sign-in page never do (a visitor may see the gallery, the sandbox page, greeting pages and the sign-in page).
 */
describe('which paths force the login modal', () => {
  it.each(['/mychannels', '/mysubscriptions', '/bookmarks', '/categories', '/accepted-greetings', '/congratulations', '/game-data'])(
    '%s forces it',
    (path) => expect(routeFor(path)?.protected).toBe(true),
  );
  it.each(['/', '/gallery', '/sandbox', '/greeting/abc123', '/auth', '/terms', '/mychannels/9/12'])('%s does not', (path) =>
    expect(routeFor(path)?.protected ?? false).toBe(false),
  );
});

describe('the route table and the server', () => {
  it('has a page for every path the server answers with 200 (contract APP_PAGES), and no other', () => {
    const routed = appRoutes.map((r) => r.path).filter((p) => p !== '*');
    expect(new Set(routed)).toEqual(new Set(APP_PAGES));
    expect(routed).toHaveLength(APP_PAGES.length);
  });
});
