import { defineRoutes } from './route';

export const notificationsRoutes = defineRoutes({});
