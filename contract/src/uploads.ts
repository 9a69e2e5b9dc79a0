import { defineRoutes } from './route';

export const uploadsRoutes = defineRoutes({});
