import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { opsModule } from './ops/routes';
import { authModule } from './auth/routes';
import { settingsModule } from './settings/routes';
import { channelsModule } from './channels/routes';
import { postcardsModule } from './postcards/routes';
import { categoriesModule } from './categories/routes';
import { bookmarksModule } from './bookmarks/routes';
import { uploadsModule } from './uploads/routes';
import { galleryModule } from './gallery/routes';
import { greetingsModule } from './greetings/routes';
import { votesModule } from './votes/routes';
import { sandboxModule } from './sandbox/routes';
import { moderationModule } from './moderation/routes';
import { reportsModule } from './reports/routes';
import { gameModule } from './game/routes';
import { productionModule } from './production/routes';
import { notificationsModule } from './notifications/routes';

/** Registers every domain module. Auth comes first: it installs the user resolver the others use. */
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
  productionModule(app, deps);
  notificationsModule(app, deps);
}
