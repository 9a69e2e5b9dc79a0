export * from './route';
export * from './errors';
export * from './common';
export * from './auth';
export * from './rules/auth';
export * from './rules/game';
export * from './settings';
export * from './ops';
export * from './channels';
export * from './postcards';
export * from './categories';
export * from './bookmarks';
export * from './uploads';
export * from './gallery';
export * from './greetings';
export * from './votes';
export * from './sandbox';
export * from './moderation';
export * from './reports';
export * from './game';
export * from './production';
export * from './notifications';
export * from './notification-templates';
export * from './share';
export * from './calendar';
export * from './rules/calendar';
export * from './search';
export * from './pictures';
export * from './group-greetings';
export * from './stars';

import { opsRoutes } from './ops';
import { authRoutes } from './auth';
import { settingsRoutes } from './settings';
import { channelsRoutes } from './channels';
import { postcardsRoutes } from './postcards';
import { categoriesRoutes } from './categories';
import { bookmarksRoutes } from './bookmarks';
import { uploadsRoutes } from './uploads';
import { galleryRoutes } from './gallery';
import { greetingsRoutes } from './greetings';
import { votesRoutes } from './votes';
import { sandboxRoutes } from './sandbox';
import { moderationRoutes } from './moderation';
import { reportsRoutes } from './reports';
import { gameRoutes } from './game';
import { productionRoutes } from './production';
import { notificationsRoutes } from './notifications';
import { shareRoutes } from './share';
import { calendarRoutes } from './calendar';
import { searchRoutes } from './search';
import { picturesRoutes } from './pictures';
import { starsRoutes } from './stars';

/** Every route of the API, keyed by "METHOD /path". */
export const routes = {
  ...opsRoutes,
  ...authRoutes,
  ...settingsRoutes,
  ...channelsRoutes,
  ...postcardsRoutes,
  ...categoriesRoutes,
  ...bookmarksRoutes,
  ...uploadsRoutes,
  ...galleryRoutes,
  ...greetingsRoutes,
  ...votesRoutes,
  ...sandboxRoutes,
  ...moderationRoutes,
  ...reportsRoutes,
  ...gameRoutes,
  ...productionRoutes,
  ...notificationsRoutes,
  ...shareRoutes,
  ...calendarRoutes,
  ...searchRoutes,
  ...picturesRoutes,
  ...starsRoutes,
};
export type Routes = typeof routes;
export type RouteKey = keyof Routes;
