/**
 * Which navigation entries the sidebar and the desktop rail show, by sign-in state and
 * environment.
 */
import { matchPath } from '@otkrytka/contract/rules/pages';
import { GALLERY_COLLECTION_ID } from '@otkrytka/contract/rules/postcards';

export type MenuEntryId =
  | 'gallery'
  | 'channels'
  | 'subscriptions'
  | 'categories'
  | 'bookmarks'
  | 'dates'
  | 'uploads'
  | 'sandbox'
  | 'moderator'
  | 'settings'
  | 'createChannel'
  | 'logout'
  | 'login';

/** The entries the desktop rail can show: login has its menu text, every other one a `rail.<id>` text (shell). */
export type RailEntryId = 'gallery' | 'subscriptions' | 'channels' | 'categories' | 'uploads' | 'sandbox' | 'bookmarks' | 'login';

export interface MenuEntry<Id extends MenuEntryId = MenuEntryId> {
  id: Id;
  /** a path inside the router; entries without one are actions (login, logout) */
  to?: string;
}

export interface MenuContext {
  signedIn: boolean;
  isModerator: boolean;
  isTelegramApp: boolean;
}

export const MENU_PATHS: Partial<Record<MenuEntryId, string>> = {
  gallery: '/gallery',
  channels: '/mychannels',
  subscriptions: '/mysubscriptions',
  categories: '/categories',
  bookmarks: '/bookmarks',
  dates: '/dates',
  uploads: '/my-uploads',
  sandbox: '/sandbox',
  moderator: '/moderator',
  settings: '/settings',
  // the channels page opens its create dialog on this query
  createChannel: '/mychannels?create=1',
};

const entry = <Id extends MenuEntryId>(id: Id): MenuEntry<Id> => ({ id, to: MENU_PATHS[id] });

/**
 * The entry the page at `pathname` belongs to, for the menus to mark: `/` and the gallery's own
 * channel (a gallery postcard, the greeting wizard on one) are the gallery's; any other page, the
 * entry whose path it is at or under.
 */
export function currentEntry(pathname: string): MenuEntryId | undefined {
  if (pathname === '/' || matchPath(`/mychannels/${GALLERY_COLLECTION_ID}/*`, pathname)) return 'gallery';
  const ids = Object.keys(MENU_PATHS) as MenuEntryId[];
  return ids.find((id) => id !== 'createChannel' && matchPath(`${MENU_PATHS[id]}/*`, pathname));
}

export function sidebarEntries({ signedIn, isModerator, isTelegramApp }: MenuContext): MenuEntry[] {
  const ids: MenuEntryId[] = ['gallery'];
  if (isTelegramApp) {
    // Telegram: gallery, channels, categories, bookmarks, my dates, sandbox and moderator only
    if (signedIn) ids.push('channels', 'categories', 'bookmarks', 'dates');
    ids.push('sandbox');
    if (isModerator) ids.push('moderator');
    return ids.map(entry);
  }
  // subscriptions, which the original app gives only the desktop rail: without it a phone has no way to them
  if (signedIn) ids.push('channels', 'subscriptions', 'categories', 'bookmarks', 'dates', 'uploads');
  ids.push('sandbox');
  if (isModerator) ids.push('moderator');
  if (signedIn) ids.push('createChannel');
  ids.push('settings');
  ids.push(signedIn ? 'logout' : 'login');
  return ids.map(entry);
}

export function railEntries({ signedIn, isTelegramApp }: MenuContext): MenuEntry<RailEntryId>[] {
  const ids: RailEntryId[] = ['gallery'];
  // my uploads: "logged in, not messaging app", as in the sidebar
  if (signedIn) ids.push('subscriptions', 'channels', 'categories', ...(isTelegramApp ? [] : (['uploads'] as const)), 'sandbox', 'bookmarks');
  else if (!isTelegramApp) ids.push('login');
  return ids.map(entry);
}
