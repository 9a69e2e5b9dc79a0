import { describe, expect, it } from 'vitest';
import { MENU_PATHS, railEntries, sidebarEntries } from './menu';

const ids = (e: { id: string }[]) => e.map((x) => x.id);
const browser = { isTelegramApp: false, isModerator: false };
const telegram = { isTelegramApp: true, isModerator: false };

describe('sidebar entries', () => {
  it('for a visitor: gallery, sandbox, settings and a login entry', () => {
    expect(ids(sidebarEntries({ ...browser, signedIn: false }))).toEqual(['gallery', 'sandbox', 'settings', 'login']);
  });

  it('for a signed-in user: channels, subscriptions, categories, bookmarks, my dates, my uploads, create channel, settings, logout', () => {
    expect(ids(sidebarEntries({ ...browser, signedIn: true }))).toEqual([
      'gallery',
      'channels',
      'subscriptions',
      'categories',
      'bookmarks',
      'dates',
      'uploads',
      'sandbox',
      'createChannel',
      'settings',
      'logout',
    ]);
  });

  it('shows the moderator entry only to moderators', () => {
    expect(ids(sidebarEntries({ ...browser, signedIn: true }))).not.toContain('moderator');
    expect(ids(sidebarEntries({ ...browser, signedIn: true, isModerator: true }))).toContain('moderator');
    expect(ids(sidebarEntries({ ...telegram, signedIn: true, isModerator: true }))).toContain('moderator');
  });

  it('inside Telegram: only gallery, channels, categories, bookmarks, my dates, sandbox (and moderator)', () => {
    expect(ids(sidebarEntries({ ...telegram, signedIn: true }))).toEqual(['gallery', 'channels', 'categories', 'bookmarks', 'dates', 'sandbox']);
    expect(ids(sidebarEntries({ ...telegram, signedIn: true, isModerator: true }))).toEqual([
      'gallery',
      'channels',
      'categories',
      'bookmarks',
      'dates',
      'sandbox',
      'moderator',
    ]);
    // no settings, logout or login there, even without a user
    expect(ids(sidebarEntries({ ...telegram, signedIn: false }))).toEqual(['gallery', 'sandbox']);
  });

  it('create channel links to /mychannels?create=1 (the e2e «Создать канал» test opens its dialog); uploads to /my-uploads', () => {
    expect(sidebarEntries({ ...browser, signedIn: true }).find((e) => e.id === 'createChannel')?.to).toBe('/mychannels?create=1');
    expect(MENU_PATHS.uploads).toBe('/my-uploads');
  });
});

describe('desktop rail entries', () => {
  it('visitor outside Telegram: gallery and the login button', () => {
    expect(ids(railEntries({ ...browser, signedIn: false }))).toEqual(['gallery', 'login']);
  });
  it('visitor inside Telegram: no login button', () => {
    expect(ids(railEntries({ ...telegram, signedIn: false }))).toEqual(['gallery']);
  });
  it('signed in: subscriptions, channels, categories, my uploads, sandbox, favourites', () => {
    expect(ids(railEntries({ ...browser, signedIn: true }))).toEqual(['gallery', 'subscriptions', 'channels', 'categories', 'uploads', 'sandbox', 'bookmarks']);
  });
  it('signed in inside Telegram: the same without my uploads (the original app: "not messaging app")', () => {
    expect(ids(railEntries({ ...telegram, signedIn: true }))).toEqual(['gallery', 'subscriptions', 'channels', 'categories', 'sandbox', 'bookmarks']);
  });
});
