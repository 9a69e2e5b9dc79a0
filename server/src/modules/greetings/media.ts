/**
 * Media URLs of a postcard from its storage key (spec 001 §3: a preview lives at
 * preview/{size}/{name}.webp beside the original). Media is served under /media.
 */
export function postcardMediaUrls(storageKey: string) {
  const slash = storageKey.lastIndexOf('/');
  const dir = slash >= 0 ? storageKey.slice(0, slash + 1) : '';
  const file = storageKey.slice(slash + 1);
  const dot = file.lastIndexOf('.');
  const name = dot > 0 ? file.slice(0, dot) : file;
  const preview = (size: string) => `/media/${dir}preview/${size}/${name}.webp`;
  return {
    image_url: `/media/${storageKey}`,
    preview_78x101_url: preview('78x101'),
    preview_36_url: preview('36'),
  };
}
