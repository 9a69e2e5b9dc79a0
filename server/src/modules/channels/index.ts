/** Channels (the public gallery is one), their owners and subscriptions. Records `channel.created`, `channel.deleted`. */
export { channelsModule, CHANNEL_LISTING_ROUTES } from './routes';
export { channelsRepo, type ChannelRow } from './repo';
export { seesAllPostcards } from './service';

import type { Queryable } from '../../db';
import { channelsRepo } from './repo';
/** A channel's row by id (undefined when there is none). */
export const channelById = (db: Queryable, id: number) => channelsRepo.byId(db, id);
