import { defineRoutes } from './route';

export const categoriesRoutes = defineRoutes({});
