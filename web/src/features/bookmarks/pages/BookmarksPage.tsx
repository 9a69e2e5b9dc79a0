import { useTranslation } from '../../../i18n';
import { Page } from '../../../ui/Page';
import { EmptyState } from '../../../ui/States';

export default function BookmarksPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.bookmarks')}>
      <EmptyState icon="✉️" title={t('comingSoon')} />
    </Page>
  );
}
