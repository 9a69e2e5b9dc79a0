import type { MediaKind } from './media';

/** The three ways into the viewer (spec 001 §2 "Viewer"). */
export type ViewerMode = 'channel' | 'bookmarks' | 'sandbox';

/** What the viewer needs of a postcard, whichever list it came from. */
export interface ViewerCard {
  id: number;
  user_id: number;
  collection_id: number;
  title: string | null;
  description: string | null;
  file_name: string | null;
  image_url: string;
  /** a large preview fitting the viewer (a poster frame for videos), when stored */
  viewer_url?: string | null;
  media_kind: MediaKind;
  likes_count: number;
  is_approved: boolean;
  is_banned: boolean;
  author: string | null;
  username: string | null;
  source: string | null;
  created_at: string;
  /** sandbox only: the user's vote on it */
  user_vote?: 'like' | 'reject' | null;
}

/** The channel shown in the header in channel mode. */
export interface ViewerChannel {
  id: number;
  name: string;
  description: string | null;
  subscribers_count: number;
  postcards_count: number;
}
