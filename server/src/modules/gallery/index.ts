/** The public gallery: its pages, sorts and filters, and the cache in front of them. */
export { galleryModule } from './routes';
export { galleryPageHints } from './page-hints';
