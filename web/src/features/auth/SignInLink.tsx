import { Link, useLocation } from '@/router';
import { useTranslation } from '@/i18n';
import { isTelegramPath, TELEGRAM_BASE } from '@/telegram';
import { authPathFor } from './returnTo';

/** The call to action of a page a visitor cannot use yet: to the sign-in page, which brings them back here. */
export function SignInLink() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <Link
      to={authPathFor((isTelegramPath() ? TELEGRAM_BASE : '') + pathname + search)}
      className="inline-flex h-11 items-center rounded-xl bg-primary px-5 font-semibold text-on-primary hover:bg-primary-strong"
    >
      {t('common:signIn')}
    </Link>
  );
}
