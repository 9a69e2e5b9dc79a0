/** What a postcard shows still: its own picture; a GIF's first frame; a video's poster. */
export interface PostcardStill {
  media_kind: 'image' | 'gif' | 'video';
  image_url: string;
  viewer_url: string | null;
}

/** The still the caption is placed on in the preview (the picture's card). */
export const stillOf = (p: PostcardStill): string => (p.media_kind === 'video' ? (p.viewer_url ?? p.image_url) : p.image_url);
