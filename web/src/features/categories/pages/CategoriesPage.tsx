import { useTranslation } from '../../../i18n';
import { Page } from '../../../ui/Page';
import { EmptyState } from '../../../ui/States';

export default function CategoriesPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.categories')}>
      <EmptyState icon="✉️" title={t('comingSoon')} />
    </Page>
  );
}
