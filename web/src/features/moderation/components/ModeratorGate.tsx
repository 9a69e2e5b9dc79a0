import { type ReactNode, useEffect } from 'react';
import { useNavigate } from '@/router';
import { useTranslation } from '@/i18n';
import { LoadingState } from '@/ui/Spinner';
import { EmptyState } from '@/ui/States';
import { useToast } from '@/ui/toast';
import { useSession } from '@/features/auth/session';
import { SignInLink } from '@/features/auth/SignInLink';
import { ShieldIcon } from '@/ui/icons';
import { useDocumentTitle } from '@/ui/Page';

/** How long the refusal stays on screen before the redirect to `/`. */
const REDIRECT_AFTER_MS = 1500;

/**
 * Only the moderator gets through (the server checks every call too). Others see `Доступ запрещен`
 * (on a single postcard the alert `Доступ только для модератора` says why) and are sent to `/`
 *. A visitor, who may be the moderator not yet signed in, stays and is offered the
 * sign-in, which brings them back here.
 */
export function ModeratorGate({ children, message }: { children: ReactNode; message: 'accessDenied' | 'moderatorOnly' }) {
  const { t } = useTranslation('moderation');
  const session = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const signedOut = !session.loading && !session.user;
  const denied = !session.loading && !!session.user && !session.user.is_moderator;

  // the tab says so too, as every page names itself
  useDocumentTitle(signedOut || denied ? t('accessDenied') : undefined);

  useEffect(() => {
    if (!denied) return;
    if (message === 'moderatorOnly') toast(t('moderatorOnly'), 'error');
    const timer = window.setTimeout(() => navigate('/', { replace: true }), REDIRECT_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [denied, message, navigate, t, toast]);

  if (session.loading) return <LoadingState text={t('loading')} />;
  if (signedOut) return <EmptyState icon={<ShieldIcon />} title={t('accessDenied')} text={t('signInHint')} action={<SignInLink />} />;
  if (denied) return <EmptyState icon={<ShieldIcon />} title={t('accessDenied')} />;
  return <>{children}</>;
}
