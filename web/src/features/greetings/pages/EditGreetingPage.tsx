import { useTranslation } from '../../../i18n';
import { Page } from '../../../ui/Page';
import { EmptyState } from '../../../ui/States';

export default function EditGreetingPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.editGreeting')}>
      <EmptyState icon="✉️" title={t('comingSoon')} />
    </Page>
  );
}
