import { defineRoutes } from './route';

export const bookmarksRoutes = defineRoutes({});
