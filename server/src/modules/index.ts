import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { authModule } from './auth';
import { bookmarksModule } from './bookmarks';
import { calendarModule } from './calendar';
import { categoriesModule } from './categories';
import { channelsModule } from './channels';
import { galleryModule } from './gallery';
import { gameModule } from './game';
import { greetingsModule } from './greetings';
import { moderationModule } from './moderation';
import { notificationsModule } from './notifications';
import { opsModule } from './ops';
import { postcardsModule } from './postcards';
import { picturesModule } from './pictures';
import { reportsModule } from './reports';
import { searchModule } from './search';
import { sandboxModule } from './sandbox';
import { settingsModule } from './settings';
import { shopModule } from './shop';
import { starsModule } from './stars';
import { uploadsModule } from './uploads';
import { votesModule } from './votes';

/**
 * Registers every domain module's routes and subscribers (the share module is registered by
 * app.ts, after the web app's head hints exist). Auth comes first: it installs the user resolver
 * the others use. See docs/ARCHITECTURE.md for what each module owns.
 */
export function registerModules(app: FastifyInstance, deps: Deps): void {
  authModule(app, deps);
  opsModule(app, deps);
  settingsModule(app, deps);
  channelsModule(app, deps);
  postcardsModule(app, deps);
  categoriesModule(app, deps);
  bookmarksModule(app, deps);
  uploadsModule(app, deps);
  galleryModule(app, deps);
  greetingsModule(app, deps);
  votesModule(app, deps);
  sandboxModule(app, deps);
  moderationModule(app, deps);
  reportsModule(app, deps);
  gameModule(app, deps);
  notificationsModule(app, deps);
  calendarModule(app, deps);
  searchModule(app, deps);
  picturesModule(app, deps);
  starsModule(app, deps);
  shopModule(app, deps);
}
