import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../../i18n';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/States';

/** Where the sign-in page sends the user back to (spec 000: /auth?returnTo=<path>). */
export function useSignInPath(returnTo?: string) {
  const location = useLocation();
  const back = returnTo ?? `${location.pathname}${location.search}`;
  return `/auth?returnTo=${encodeURIComponent(back)}`;
}

/** For visitors on a page that needs an account: 'Необходимо войти в систему' and a way to sign in and come back. */
export function SignInPrompt({ returnTo }: { returnTo?: string }) {
  const { t } = useTranslation('greetings');
  const navigate = useNavigate();
  const path = useSignInPath(returnTo);
  return (
    <EmptyState
      icon="🔐"
      title={t('view.loginRequired')}
      action={
        <Button size="lg" onClick={() => navigate(path)}>
          {t('view.signIn')}
        </Button>
      }
    />
  );
}
