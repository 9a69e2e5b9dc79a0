import { defineRoutes } from './route';

export const postcardsRoutes = defineRoutes({});
