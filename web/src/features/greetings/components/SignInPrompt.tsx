import { useTranslation } from '@/i18n';
import { useTelegram } from '@/telegram';
import { Button } from '@/ui/Button';
import { EmptyState } from '@/ui/States';
import { useAuthModal } from '@/features/auth/modal';
import { LockIcon } from '@/ui/icons';

/**
 * For visitors on a page that needs an account: 'Необходимо войти в систему' and the sign-in dialog,
 * staying on the page. Inside Telegram the user is signed in by Telegram, so being signed out there
 * means that failed (its launch data too old, say): reopening the app is the way back.
 */
export function SignInPrompt() {
  const { t } = useTranslation(['greetings', 'greeting']);
  const auth = useAuthModal();
  const { isTelegramApp } = useTelegram();
  return (
    <EmptyState
      // all the page says: its heading is the page's
      heading="h1"
      icon={<LockIcon />}
      title={isTelegramApp ? t('greeting:view.telegramSignInFailed') : t('greeting:view.loginRequired')}
      text={isTelegramApp ? t('greeting:view.telegramSignInHint') : undefined}
      action={
        <Button size="lg" variant={isTelegramApp ? 'secondary' : 'primary'} onClick={() => auth.open('login')}>
          {isTelegramApp ? t('greeting:view.signInWithPassword') : t('greeting:view.signIn')}
        </Button>
      }
    />
  );
}
