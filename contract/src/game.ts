import { defineRoutes } from './route';

export const gameRoutes = defineRoutes({});
