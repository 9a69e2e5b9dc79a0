import { useTranslation } from '../../i18n';
import { cx } from '../../ui/cx';
import { MenuIcon } from '../../ui/icons';
import { useSidebar } from './ShellContext';

/** Opens and closes the sidebar (the top bar's on phones, the rail's on desktop). */
export function MenuButton({ className, iconSize }: { className?: string; iconSize: number }) {
  const { t } = useTranslation('shell');
  const sidebar = useSidebar();
  return (
    <button
      type="button"
      onClick={sidebar.toggle}
      aria-label={t('menu.open')}
      aria-expanded={sidebar.isOpen}
      aria-controls="app-sidebar"
      className={cx('inline-flex h-11 w-11 items-center justify-center text-text transition-colors hover:bg-surface-2', className)}
    >
      <MenuIcon size={iconSize} />
    </button>
  );
}
