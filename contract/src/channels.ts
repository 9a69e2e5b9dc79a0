import { defineRoutes } from './route';

export const channelsRoutes = defineRoutes({});
