import { useTranslation } from '../../../i18n';
import { Page } from '../../../ui/Page';
import { EmptyState } from '../../../ui/States';

export default function CreatedGreetingsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.congratulations')}>
      <EmptyState icon="✉️" title={t('comingSoon')} />
    </Page>
  );
}
