/** A user's bookmarked postcards. Records `bookmark.added`. */
export { bookmarksModule } from './routes';
export { bookmarksRepo } from './repo';
