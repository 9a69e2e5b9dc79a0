import type { Upload } from '@otkrytka/contract';
import { useTranslation } from '@/i18n';
import { isVideoUrl } from '../postcards/media';
import { useUploads } from './queries';

/** How many of the latest uploads are offered again. */
const OFFERED = 8;

/**
 * The latest of the user's uploads, offered again: a file uploaded once (on «Мои загрузки», or for
 * a postcard not finished) becomes a postcard without uploading it a second time. Shows nothing
 * until they are there, and nothing when there are none.
 */
export function RecentUploads({ onPick }: { onPick: (upload: Upload) => void }) {
  const { t } = useTranslation('channels');
  const uploads = useUploads('');
  const offered = (uploads.data ?? []).slice(0, OFFERED);
  if (offered.length === 0) return null;
  return (
    <section aria-labelledby="recent-uploads-title" data-testid="recent-uploads">
      <h4 id="recent-uploads-title" className="mb-2 text-sm font-semibold text-muted">
        {t('addPostcard.fromUploads')}
      </h4>
      <ul className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
        {offered.map((u) => (
          <li key={u.id} className="shrink-0">
            <button
              type="button"
              onClick={() => onPick(u)}
              aria-label={t('addPostcard.pickUpload', { name: u.file_name })}
              title={u.file_name}
              className="block h-[86px] w-[66px] overflow-hidden rounded-xl bg-surface-3 ring-offset-2 ring-offset-surface transition hover:ring-2 hover:ring-primary/60 focus-visible:ring-2 focus-visible:ring-primary"
            >
              {u.thumbnail_url || !(u.media_kind === 'video' || isVideoUrl(u.cloud_url)) ? (
                <img src={u.thumbnail_url ?? u.cloud_url} alt="" loading="lazy" className="h-full w-full object-cover" />
              ) : (
                <video src={u.cloud_url} muted playsInline preload="metadata" className="h-full w-full object-cover" />
              )}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
