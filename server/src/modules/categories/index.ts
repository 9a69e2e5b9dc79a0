/** A channel's categories and their groups (names in both languages, order by drag). */
export { categoriesModule } from './routes';
export { categoriesRepo, type CategoryRow, type GroupRow } from './repo';
export { groupCategories, toCategory } from './service';

import type { Queryable } from '../../db';
import { categoriesRepo } from './repo';
/** A category by id (undefined when there is none). */
export const categoryById = (db: Queryable, id: number) => categoriesRepo.categoryById(db, id);
