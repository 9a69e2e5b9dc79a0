import { defineRoutes } from './route';

export const galleryRoutes = defineRoutes({});
