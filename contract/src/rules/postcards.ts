/**
 * Limits and constants of postcards, channels, uploads and the gallery.
 * Zod-free, so the web app may import it at run time.
 */

const MB = 1024 * 1024;

/** What an upload may be, decided by its content (magic bytes), never by its name. */
export const UPLOAD_TYPES = ['jpg', 'png', 'webp', 'gif', 'mp4'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** The `accept` attribute of a file picker for the allowed types. */
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,video/mp4,.jpg,.jpeg,.png,.webp,.gif,.mp4';

/** How a stored media file is shown: a still picture, an animation (gif), or a video with controls. */
export const MEDIA_KINDS = ['image', 'gif', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export const MEDIA_KIND_OF_TYPE: Record<UploadType, MediaKind> = {
  jpg: 'image',
  png: 'image',
  webp: 'image',
  gif: 'gif',
  mp4: 'video',
};

/** Maximum upload size per media kind: 10 MB static, 20 MB gif, 30 MB mp4. */
export const UPLOAD_MAX_BYTES: Record<MediaKind, number> = { image: 10 * MB, gif: 20 * MB, video: 30 * MB };

/**
 * Largest picture (width × height, summed over the frames of an animation) the server decodes.
 * Stops decompression bombs: a tiny file that claims an enormous picture is refused unread.
 */
export const MAX_INPUT_PIXELS = 50_000_000;
export const MAX_ANIMATION_PIXELS = 400_000_000;
/** Most frames an animation (GIF, animated WebP) may have. */
export const MAX_ANIMATION_FRAMES = 300;
/** Animated previews show at most the first this many frames, and decode at most this many pixels in all. */
export const PREVIEW_MAX_FRAMES = 40;
export const PREVIEW_MAX_PIXELS = 40_000_000;
/** Largest stored preview per size (bytes); a bigger animated one is replaced by its first frame. */
export const PREVIEW_MAX_BYTES = { small: 64 * 1024, tiny: 32 * 1024, thumb: 768 * 1024, viewer: 4 * 1024 * 1024 } as const;

/**
 * Recommended and minimum sizes shown to authors (stated, not enforced), and the longest video,
 * which is enforced: a longer one is refused on upload (422).
 */
export const MEDIA_SPECS = {
  staticMin: { width: 600, height: 600 },
  staticRecommended: { width: 1080, height: 1920 },
  gifMin: { width: 300, height: 300 },
  videoRecommended: { width: 1080, height: 1920 },
  videoMaxSeconds: 60,
} as const;

/** File extensions that mean "video" in a URL. */
export const VIDEO_EXTENSIONS = ['mp4', 'webm', 'ogg', 'mov', 'avi', 'mkv'] as const;

/**
 * Previews stored beside every original as `preview/{size}/{name}.webp`.
 * `thumb` is the gallery thumbnail (80×110 shown at 2× density); `viewer` fits the 384:590 box at 2×.
 */
export const PREVIEW_SIZES = {
  small: { dir: '78x101', width: 78, height: 101 },
  tiny: { dir: '36', width: 36, height: 36 },
  thumb: { dir: '160x220', width: 160, height: 220 },
  viewer: { dir: '768x1180', width: 768, height: 1180 },
} as const;
export type PreviewSize = keyof typeof PREVIEW_SIZES;

/**
 * Screen-size renditions of still pictures (webp, fitted inside the box, never enlarged), stored
 * as `preview/{dir}/{name}.webp`: with the 768-wide `viewer` preview they make the viewer's srcset,
 * so a phone loads a picture the size of its screen and never the original upload.
 */
export const SCREEN_RENDITIONS = {
  screen480: { dir: '480w', width: 480, height: 738 },
  screen1080: { dir: '1080w', width: 1080, height: 1660 },
} as const;
export type ScreenRendition = keyof typeof SCREEN_RENDITIONS;

/**
 * A video's preview, stored as `preview/{dir}/{name}.mp4`: its first seconds, silent, H.264, at
 * most this wide and high and this many bytes. The viewer plays it until sound is asked for.
 */
export const VIDEO_PREVIEW = { dir: 'mp4', maxSeconds: 8, maxWidth: 480, maxHeight: 740, maxBytes: 1024 * 1024 } as const;

/**
 * What renditions a stored file has (column `renditions`): none yet (an upload from before they
 * existed, filled in by the backfill), made, or none possible (the file is missing or unreadable).
 */
export const RENDITIONS = { pending: 0, made: 1, impossible: -1 } as const;

/** The gallery thumbnail as laid out on the page (CSS pixels). */
export const GALLERY_THUMB = { width: 80, height: 110 } as const;

export const POSTCARD_LIMITS = { descriptionMin: 10, descriptionMax: 500, titleMax: 120, authorMax: 100, sourceUrlMax: 2000 } as const;

/** scheme, optional user info, host (name, IPv4 or [IPv6]), optional port, then the rest without spaces */
const HTTP_URL = /^https?:\/\/(?:[^\s/?#@]+@)?([a-z0-9\u00a1-\uffff](?:[a-z0-9\u00a1-\uffff.-]*[a-z0-9\u00a1-\uffff])?|\[[0-9a-f:.]+\])(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/** An absolute http or https link (the only kind a postcard's source may be). */
export const isHttpUrl = (value: string): boolean => HTTP_URL.test(value);

/** The site of a link, as shown beside a credit: its host without `www.` (null for a bad link). */
export function siteOf(value: string): string | null {
  const host = HTTP_URL.exec(value)?.[1];
  return host ? host.toLowerCase().replace(/^www\./, '') : null;
}
export const CHANNEL_LIMITS = { nameMin: 4, nameMax: 100, descriptionMax: 2000 } as const;
export const CATEGORY_LIMITS = { nameMax: 100, groupDescriptionMax: 1000 } as const;

/** The public gallery. */
export const GALLERY_COLLECTION_ID = 9;
export const GALLERY_PAGE_SIZE = 20;
/** The "all categories" chip list of the gallery shows at most this many. */
export const GALLERY_CATEGORY_CHIPS = 20;
export const GALLERY_SORTS = ['newest', 'newest24h', 'popular', 'popular24h'] as const;
export type GallerySort = (typeof GALLERY_SORTS)[number];
export const GALLERY_DEFAULT_SORT: GallerySort = 'newest';
/** The requests the gallery page starts with (the server hints them in its HTML so they start at once). */
export const GALLERY_FIRST_REQUESTS = [`/api/gallery?sort=${GALLERY_DEFAULT_SORT}`, '/api/gallery/chips'] as const;
/** Thumbnails fetched with the HTML: the three rows a phone shows above the fold. */
export const GALLERY_EAGER_THUMBS = 12;
/** Deepest offset the gallery answers; beyond it clients page with the cursor. */
export const GALLERY_MAX_OFFSET = 10_000;

/** A channel's postcard list, one page. */
export const CHANNEL_PAGE_SIZE = 100;
export const CHANNEL_PAGE_MAX = 500;

/** Bookmarks kept in the client cache, newest first. */
export const BOOKMARKS_LIMIT = 1000;

/** Deleting a category that still has postcards lists at most this many of their ids. */
export const CATEGORY_DELETE_SHOWN_IDS = 10;

/** The detail of a duplicate bookmark; the client treats it as success. */
export const BOOKMARK_EXISTS_DETAIL = 'Image already in bookmarks';
