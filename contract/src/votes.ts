import { defineRoutes } from './route';

export const votesRoutes = defineRoutes({});
