import type { Author } from '@otkrytka/contract';
import type { ReactNode } from 'react';
import { type TFunction, useTranslation } from '@/i18n';
import { compactNumber } from '@/lib/format';
import { Modal } from '@/ui/Modal';
import { useBackCloses } from '@/ui/useBackCloses';
import { Linkified } from '@/features/postcards/Linkified';
import { useAuthor } from '@/features/sandbox/queries';
import type { ViewerCard } from '../types';

const safeUrl = (u: string | null | undefined) => (u && /^https?:\/\//i.test(u) ? u : null);

/** The author's links the API returns, each once: the networks by name, else the profile. */
function authorLinks(author: Author | null, t: TFunction<'viewer'>): { href: string; label: string }[] {
  if (!author) return [];
  const links: { href: string; label: string }[] = [];
  const add = (u: string | null, label: string) => {
    const href = safeUrl(u);
    if (href && !links.some((l) => l.href === href)) links.push({ href, label });
  };
  add(author.pinterest_url, t('info.pinterest'));
  add(author.tiktok_url, t('info.tiktok'));
  add(author.instagram_url, t('info.instagram'));
  add(author.profile_url, t('info.profile'));
  return links;
}

const link = 'font-medium text-primary-strong underline-offset-4 hover:underline';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted">{label}</dt>
      <dd className="mt-0.5 break-words" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * About a postcard: the credited author with their links, the link to the original, the CC BY 4.0
 * licence, who added it («Добавил(а)», apart from the author), views and likes, the description.
 * The author comes from the author look-up, else from the card; with neither, `Не указан`.
 */
export function InfoModal({
  card,
  views,
  likes,
  viaSandbox,
  open,
  onClose,
}: {
  card: ViewerCard;
  views: number;
  likes: number;
  viaSandbox: boolean;
  open: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('viewer');
  const lookup = useAuthor(open ? card.id : null, viaSandbox);
  const author = lookup.data?.success ? lookup.data.author : null;
  const name = author?.name || card.author;
  const site = author?.source_site || card.source;
  const sourceUrl = safeUrl(card.source_url);
  const links = authorLinks(author, t);
  const loading = lookup.isPending;
  const number = (n: number) => compactNumber(n, i18n.language);
  useBackCloses(open, onClose);

  return (
    <Modal open={open} onClose={onClose} title={t('info.title')}>
      <div className="flex flex-col gap-4 text-[15px]" data-testid="info-modal">
        <dl className="flex flex-col gap-4">
        <Row label={t('info.author')} testId="info-author">
          {loading ? (
            t('info.loading')
          ) : (
            <>
              <span className="font-semibold">{name || t('info.notSpecified')}</span>
              {links.map((l) => (
                <a key={l.href} href={l.href} target="_blank" rel="noopener nofollow ugc" className={`ml-2 text-sm ${link}`}>
                  {l.label}
                </a>
              ))}
            </>
          )}
        </Row>
        <Row label={t('info.source')} testId="info-source">
          {loading ? (
            t('info.loading')
          ) : sourceUrl ? (
            <a href={sourceUrl} target="_blank" rel="noopener nofollow ugc" className={link}>
              {site || t('info.openSource')}
            </a>
          ) : (
            site || t('info.notSpecified')
          )}
        </Row>
        <div className="rounded-2xl bg-surface-2 p-3">
          <dt className="text-xs font-medium uppercase tracking-wide text-muted">{t('info.licence')}</dt>
          <dd className="mt-1">
            <a href="https://creativecommons.org/licenses/by/4.0/" target="_blank" rel="noopener nofollow" className={`font-semibold ${link}`}>
              {t('info.licenceName')}
            </a>
            <p className="mt-1 text-sm text-muted">{t('info.licenceText')}</p>
          </dd>
        </div>
        </dl>
        <dl className="grid grid-cols-3 gap-3">
          <Row label={t('info.uploader')} testId="info-uploader">
            <span className="font-medium">{card.username || t('info.notSpecified')}</span>
          </Row>
          <Row label={t('info.views')} testId="info-views">
            <span className="font-semibold tabular-nums">{number(views)}</span>
          </Row>
          <Row label={t('info.likes')} testId="info-likes">
            <span className="font-semibold tabular-nums">{number(likes)}</span>
          </Row>
        </dl>
        <dl>
          <Row label={t('info.description')}>
            <span className="whitespace-pre-line">{card.description ? <Linkified text={card.description} /> : t('info.noDescription')}</span>
          </Row>
        </dl>
      </div>
    </Modal>
  );
}
