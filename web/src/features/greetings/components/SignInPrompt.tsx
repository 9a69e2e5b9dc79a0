import { useTranslation } from '../../../i18n';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/States';
import { useAuthModal } from '../../auth/modal';

/** For visitors on a page that needs an account: 'Необходимо войти в систему' and the sign-in dialog, staying on the page. */
export function SignInPrompt() {
  const { t } = useTranslation('greetings');
  const auth = useAuthModal();
  return (
    <EmptyState
      icon="🔐"
      title={t('view.loginRequired')}
      action={
        <Button size="lg" onClick={() => auth.open('login')}>
          {t('view.signIn')}
        </Button>
      }
    />
  );
}
