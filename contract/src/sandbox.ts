import { defineRoutes } from './route';

export const sandboxRoutes = defineRoutes({});
