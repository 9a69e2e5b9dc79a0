import { defineRoutes } from './route';

export const greetingsRoutes = defineRoutes({});
