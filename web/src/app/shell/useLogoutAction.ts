import { useNavigate } from '@/router';
import { useSession } from '@/features/auth/session';
import { useTranslation } from '@/i18n';
import { useToast } from '@/ui/toast';
import { useSidebar } from './ShellContext';

/** Logout: forget everything, close the menu, go to / and say so. */
export function useLogoutAction(): () => Promise<void> {
  const { logout } = useSession();
  const { close } = useSidebar();
  const navigate = useNavigate();
  const toast = useToast();
  const { t } = useTranslation('auth');
  return async () => {
    const told = await logout();
    close();
    navigate('/');
    if (told) toast(t('logoutSuccess'), 'success');
    else toast(t('logoutError'), 'error');
  };
}
