import { defineRoutes } from './route';

export const reportsRoutes = defineRoutes({});
