/**
 * Postcards: saved from uploads into channels, their visibility, views and reposts, and how a
 * postcard is shown (`toPostcard`). Records `postcard.uploaded`, `postcards.deleted`.
 */
export { postcardsModule } from './routes';
export { type PostcardRow, toPostcard, toWindow } from './present';
export { postcardsRepo, selectPostcards, type StateFilter } from './repo';
export { pendingOnly } from './pending';
