import { useTranslation } from '@/i18n';
import { cx } from '@/ui/cx';
import { MenuIcon } from '@/ui/icons-first';
import { loadSidebar } from './LazySidebar';
import { useSidebar } from './ShellContext';
import { SIDEBAR_ID } from './constants';

/** Opens and closes the sidebar (the top bar's on phones, the rail's on desktop). */
export function MenuButton({ className, iconSize }: { className?: string; iconSize: number }) {
  const { t } = useTranslation('shell');
  const sidebar = useSidebar();
  return (
    <button
      type="button"
      onPointerDown={() => void loadSidebar()}
      onClick={sidebar.toggle}
      aria-label={t('menu.open')}
      aria-expanded={sidebar.isOpen}
      // the menu is loaded on its first opening: name it only once it is there
      aria-controls={sidebar.isOpen ? SIDEBAR_ID : undefined}
      className={cx('inline-flex h-11 w-11 items-center justify-center text-text transition-colors hover:bg-surface-2', className)}
    >
      <MenuIcon size={iconSize} />
    </button>
  );
}
