import type { Upload } from '@otkrytka/contract';
import { useEffect, useState } from 'react';
import { SignInLink } from '@/features/auth/SignInLink';
import { useTranslation } from '@/i18n';
import { formatDateTime } from '@/lib/format';
import { Button } from '@/ui/Button';
import { Modal } from '@/ui/Modal';
import { Page } from '@/ui/Page';
import { LoadingState } from '@/ui/Spinner';
import { SearchField } from '@/ui/SearchField';
import { EmptyState, ErrorState } from '@/ui/States';
import { useToast } from '@/ui/toast';
import { useSession } from '@/features/auth/session';
import { IconUpload } from '@/features/postcards/icons';
import { isVideoUrl } from '@/features/postcards/media';
import { useUploads } from '../queries';
import { UploadPicker } from '../UploadPicker';
import { LockIcon } from '@/ui/icons';
import { FolderIcon } from '@/ui/icons-more';

/** /my-uploads: my files with search by name, video playback, dates, and the upload dialog. */
export default function UploadsPage() {
  const { t, i18n } = useTranslation('uploads');
  const { isAuthenticated, loading } = useSession();
  const toast = useToast();
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const id = window.setTimeout(() => setSearch(query.trim()), 300);
    return () => window.clearTimeout(id);
  }, [query]);
  const uploads = useUploads(search);

  if (!isAuthenticated) {
    return <Page title={t('title')}>{loading ? <LoadingState text={t('common:loading')} /> : <EmptyState icon={<LockIcon />} title={t('loginRequired')} action={<SignInLink />} />}</Page>;
  }

  return (
    <Page
      title={t('title')}
      // where an upload goes from here: a channel's «Добавить открытку» offers the latest ones
      subtitle={uploads.data && uploads.data.length > 0 ? t('reuseHint') : undefined}
      wide
      actions={
        <Button onClick={() => setOpen(true)}>
          <IconUpload size={18} />
          {t('upload')}
        </Button>
      }
    >
      <SearchField label={t('search')} clearLabel={t('searchClear')} value={query} onChange={setQuery} className="mb-4" />
      {uploads.isPending ? (
        <LoadingState text={t('loading')} />
      ) : uploads.isError ? (
        <ErrorState title={t('loadError')} error={uploads.error} onRetry={() => void uploads.refetch()} retryLabel={t('common:retry')} />
      ) : uploads.data.length === 0 ? (
        <EmptyState icon={<FolderIcon />} title={t('empty')} text={search ? undefined : t('emptyHint')} />
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-[repeat(auto-fill,minmax(180px,1fr))]">
          {uploads.data.map((u) => (
            <li key={u.id}>
              <UploadCard upload={u} lang={i18n.language} />
            </li>
          ))}
        </ul>
      )}
      <Modal open={open} onClose={() => setOpen(false)} title={t('dialogTitle')} closeOnOverlay={false}>
        {/* the original app: a file picker and an upload button — the picked file waits for «Загрузить» */}
        <UploadPicker
          confirm
          shortcut={open}
          onUploaded={() => {
            toast(t('done'), 'success');
            setOpen(false);
          }}
        />
      </Modal>
    </Page>
  );
}

function UploadCard({ upload, lang }: { upload: Upload; lang: string }) {
  const { t } = useTranslation('uploads');
  const video = upload.media_kind === 'video' || isVideoUrl(upload.cloud_url);
  return (
    <figure className="overflow-hidden rounded-2xl border border-border bg-surface shadow-card">
      <div className="aspect-[4/5] bg-surface-3">
        {video ? (
          <video src={upload.cloud_url} poster={upload.thumbnail_url ?? undefined} controls preload="metadata" playsInline className="h-full w-full object-cover" />
        ) : (
          <img src={upload.thumbnail_url ?? upload.cloud_url} alt={upload.file_name} loading="lazy" className="h-full w-full object-cover" />
        )}
      </div>
      <figcaption className="px-3 py-2.5">
        <p className="truncate text-sm font-medium" title={upload.file_name}>
          {upload.file_name}
        </p>
        <p className="text-xs text-muted">
          <time dateTime={upload.uploaded_at}>{t('uploadedAt', { date: formatDateTime(upload.uploaded_at, lang) })}</time>
        </p>
      </figcaption>
    </figure>
  );
}
