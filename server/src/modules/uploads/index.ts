/** Uploaded media: checks by content, storage keys, previews and renditions, the media route. */
export { uploadsModule } from './routes';
export { saveUpload } from './service';
export * from './media-keys';

import type { Queryable } from '../../db';
import { uploadsRepo } from './repo';
/** An upload's row by id (undefined when there is none). */
export const uploadById = (db: Queryable, id: number) => uploadsRepo.byId(db, id);
