import type { Postcard } from '@otkrytka/contract';

/** The three ways into the viewer. */
export type ViewerMode = 'channel' | 'bookmarks' | 'sandbox';

/** A card of the viewer: a postcard, and in the sandbox the user's vote on it. */
export type ViewerCard = Postcard & { user_vote?: 'like' | 'reject' | null };

/** The channel shown in the header in channel mode. */
export interface ViewerChannel {
  id: number;
  name: string;
  description: string | null;
  subscribers_count: number;
  postcards_count: number;
}
