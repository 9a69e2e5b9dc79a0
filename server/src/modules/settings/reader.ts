import type { Translate } from '@otkrytka/contract/notification-text';
import type { Queryable } from '../../db';
import { type TextNamespace, translator } from '../../texts/reader';
import { settingsRepo } from './repo';

/** A translator in the saved language of user `userId`. */
export const readerTranslator = async (db: Queryable, userId: number, ns?: TextNamespace): Promise<Translate> =>
  translator(await settingsRepo.language(db, userId), ns);
