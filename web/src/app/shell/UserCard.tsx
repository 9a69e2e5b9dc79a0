import { useSession } from '@/features/auth/session';
import { useTranslation } from '@/i18n';
import { useTelegram } from '@/telegram';
import { cx } from '@/ui/cx';
import { UserIcon } from '@/ui/icons';
import { initialOf } from '@/lib/initial';

/** Who is signed in (or "guest"), at the top of the menu. */
export function UserCard({ className }: { className?: string }) {
  const { t } = useTranslation('shell');
  const { user, loading } = useSession();
  const { telegramUser } = useTelegram();
  if (loading) return <div className={cx('h-[68px] animate-pulse rounded-2xl bg-surface-2', className)} />;
  const fullName = (first?: string | null, last?: string | null) => [first, last].filter(Boolean).join(' ');
  let name = t('user.guest');
  let handle: string | null = null;
  if (user?.auth_type === 'telegram') {
    // a Telegram account: the person's name, then their @username
    name = fullName(user.first_name, user.last_name) || user.username || t('user.anonymous');
    handle = user.username ? `@${user.username}` : t('user.telegram');
  } else if (user) {
    // a local account: the chosen display name, then the login
    name = user.username || user.login || t('user.anonymous');
    handle = user.login ? `@${user.login}` : null;
  } else if (telegramUser) {
    name = fullName(telegramUser.first_name, telegramUser.last_name) || t('user.guest');
  }
  return (
    <div className={cx('flex items-center gap-3 rounded-2xl bg-surface-2 p-3', className)} data-testid="user-card">
      <span
        aria-hidden="true"
        className={cx(
          'inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-lg font-bold',
          user ? 'bg-brand text-white' : 'bg-surface-3 text-muted',
        )}
      >
        {user ? initialOf(name) : <UserIcon size={22} />}
      </span>
      <div className="min-w-0">
        <p className="truncate font-semibold">{name}</p>
        {/* a handle stays on one line; the guest's hint is a sentence, read whole */}
        <p className={cx('text-[13px] text-muted', user ? 'truncate' : 'leading-snug')}>{user ? (handle ?? t('user.signedIn')) : t('user.guestHint')}</p>
      </div>
    </div>
  );
}
