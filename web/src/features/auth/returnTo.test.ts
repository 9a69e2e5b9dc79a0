import { describe, expect, it } from 'vitest';
import { authPathFor, DEFAULT_RETURN_TO, routerTarget, safeReturnTo } from './returnTo';

describe('returnTo of /auth', () => {
  it('defaults to /telegram/', () => {
    expect(DEFAULT_RETURN_TO).toBe('/telegram/');
    expect(safeReturnTo(null)).toBe('/telegram/');
    expect(safeReturnTo('')).toBe('/telegram/');
  });

  it('keeps a same-site path with its query', () => {
    expect(safeReturnTo('/bookmarks')).toBe('/bookmarks');
    expect(safeReturnTo('/gallery?category=3&group=1')).toBe('/gallery?category=3&group=1');
    expect(safeReturnTo('/telegram/mychannels/9')).toBe('/telegram/mychannels/9');
  });

  it('refuses links to other sites and back to /auth', () => {
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'bookmarks', '/auth', '/auth?returnTo=/x', '/telegram/auth', '/x\nSet-Cookie']) {
      expect(safeReturnTo(bad), bad).toBe('/telegram/');
    }
  });

  it('navigates inside the router when the path belongs to its base', () => {
    expect(routerTarget('/bookmarks', '')).toBe('/bookmarks');
    expect(routerTarget('/telegram/', '')).toBeNull();
    expect(routerTarget('/telegram/bookmarks', '/telegram')).toBe('/bookmarks');
    expect(routerTarget('/telegram/', '/telegram')).toBe('/');
    expect(routerTarget('/telegram', '/telegram')).toBe('/');
    expect(routerTarget('/bookmarks', '/telegram')).toBeNull();
  });

  it('builds the /auth link for a path', () => {
    expect(authPathFor('/mychannels/3?x=1')).toBe('/auth?returnTo=%2Fmychannels%2F3%3Fx%3D1');
  });
});
