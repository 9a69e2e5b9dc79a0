import { defineRoutes } from './route';

export const productionRoutes = defineRoutes({});
