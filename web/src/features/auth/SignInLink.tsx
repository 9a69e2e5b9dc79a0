import { Link } from '@/router';
import { useTranslation } from '@/i18n';

/** The call to action of a page a visitor cannot use yet: to the sign-in page, which brings them back. */
export function SignInLink() {
  const { t } = useTranslation();
  return (
    <Link to="/auth" className="inline-flex h-11 items-center rounded-xl bg-primary px-5 font-semibold text-on-primary hover:bg-primary-strong">
      {t('common:signIn')}
    </Link>
  );
}
