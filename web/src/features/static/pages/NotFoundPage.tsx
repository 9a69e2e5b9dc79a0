import { useTranslation } from '@/i18n';
import { Link } from '@/router';
import { Page, useDocumentTitle } from '@/ui/Page';
import { EmptyState } from '@/ui/States';
import { CompassIcon } from '@/ui/icons-greeting';

export default function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound'));
  return (
    <Page>
      <EmptyState
        heading="h1"
        icon={<CompassIcon />}
        title={t('notFound')}
        text={t('notFoundHint')}
        action={
          <Link to="/" className="font-semibold text-primary underline-offset-4 hover:underline">
            {t('toHome')}
          </Link>
        }
      />
    </Page>
  );
}
