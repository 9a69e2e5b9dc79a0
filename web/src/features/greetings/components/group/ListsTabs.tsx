import { Link, useLocation } from '@/router';
import { useTranslation } from '@/i18n';
import { cx } from '@/ui/cx';

const TABS = [
  { to: '/congratulations', key: 'created' },
  { to: '/signed-greetings', key: 'signed' },
] as const;

/**
 * «Мои поздравления»: the greetings I made beside the group cards I signed («Подписанные»), as a
 * segmented control of two links (the current one marked for screen readers by aria-current).
 */
export function ListsTabs() {
  const { t } = useTranslation('groups');
  const { pathname } = useLocation();
  return (
    <nav aria-label={t('tabs.label')} className="mb-4">
      <ul className="inline-flex rounded-2xl bg-surface-2 p-1">
        {TABS.map((tab) => {
          const current = pathname === tab.to;
          return (
            <li key={tab.to}>
              <Link
                to={tab.to}
                replace
                aria-current={current ? 'page' : undefined}
                className={cx(
                  'flex h-9 items-center rounded-xl px-4 text-sm font-semibold transition-colors',
                  current ? 'bg-surface text-text shadow-card' : 'text-muted hover:text-text',
                )}
              >
                {t(`tabs.${tab.key}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
