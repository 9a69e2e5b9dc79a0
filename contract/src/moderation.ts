import { defineRoutes } from './route';

export const moderationRoutes = defineRoutes({});
