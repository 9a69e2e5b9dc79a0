import { useTranslation } from '../../../i18n';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/States';
import { useAuthModal } from '../../auth/modal';
import { LockIcon } from '../../../ui/icons';

/** For visitors on a page that needs an account: 'Необходимо войти в систему' and the sign-in dialog, staying on the page. */
export function SignInPrompt() {
  const { t } = useTranslation(['greetings', 'greeting']);
  const auth = useAuthModal();
  return (
    <EmptyState
      icon={<LockIcon />}
      title={t('greeting:view.loginRequired')}
      action={
        <Button size="lg" onClick={() => auth.open('login')}>
          {t('greeting:view.signIn')}
        </Button>
      }
    />
  );
}
