import { useTranslation } from '../../../i18n';
import { Modal } from '../../../ui/Modal';
import { Linkified } from '../../postcards/Linkified';
import { useAuthor } from '../../sandbox/queries';
import type { ViewerCard } from '../types';

const safeUrl = (u: string | null | undefined) => (u && /^https?:\/\//i.test(u) ? u : null);

/**
 * About a postcard: author, source, the CC BY 4.0 licence and the description. The author comes
 * from the author look-up; when it fails, from the card's username or author, else `Не указан`.
 */
export function InfoModal({ card, viaSandbox, open, onClose }: { card: ViewerCard; viaSandbox: boolean; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('viewer');
  const lookup = useAuthor(open ? card.id : null, viaSandbox);
  const author = lookup.data?.success ? lookup.data.author : null;
  const name = author?.name || card.username || card.author || t('info.notSpecified');
  const source = author?.source_site || card.source || t('info.notSpecified');
  const profile = safeUrl(author?.profile_url);

  return (
    <Modal open={open} onClose={onClose} title={t('info.title')}>
      <dl className="flex flex-col gap-4 text-[15px]" data-testid="info-modal">
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-muted">{t('info.author')}</dt>
          <dd className="mt-0.5 font-semibold" data-testid="info-author">
            {lookup.isPending ? t('info.loading') : name}
            {profile && (
              <a href={profile} target="_blank" rel="noopener nofollow ugc" className="ml-2 text-sm font-medium text-primary underline-offset-4 hover:underline">
                {t('info.profile')}
              </a>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-muted">{t('info.source')}</dt>
          <dd className="mt-0.5">{lookup.isPending ? t('info.loading') : source}</dd>
        </div>
        <div className="rounded-2xl bg-surface-2 p-3">
          <dt className="text-xs font-medium uppercase tracking-wide text-muted">{t('info.licence')}</dt>
          <dd className="mt-1">
            <a
              href="https://creativecommons.org/licenses/by/4.0/"
              target="_blank"
              rel="noopener nofollow"
              className="font-semibold text-primary underline-offset-4 hover:underline"
            >
              {t('info.licenceName')}
            </a>
            <p className="mt-1 text-sm text-muted">{t('info.licenceText')}</p>
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-muted">{t('info.description')}</dt>
          <dd className="mt-0.5 whitespace-pre-line break-words">{card.description ? <Linkified text={card.description} /> : t('info.noDescription')}</dd>
        </div>
      </dl>
    </Modal>
  );
}
