import { useTranslation } from '@/i18n';
import { usePreferences } from '@/features/settings/preferences';
import { cx } from '@/ui/cx';
import { MoonIcon, SunIcon } from '@/ui/icons';
import { Segmented } from '@/ui/Toggle';

/** RU/EN toggle (never shown inside Telegram). */
export function LanguageToggle({ size = 'sm', className }: { size?: 'sm' | 'md'; className?: string }) {
  const { t } = useTranslation('shell');
  const { language, setLanguage } = usePreferences();
  return (
    <Segmented
      label={t('language')}
      size={size}
      className={className}
      value={language}
      onChange={(l) => void setLanguage(l)}
      options={[
        { value: 'ru', label: 'RU' },
        { value: 'en', label: 'EN' },
      ]}
    />
  );
}

/** A round button that switches between the light and the dark theme. */
export function ThemeToggle({ className }: { className?: string }) {
  const { t } = useTranslation('shell');
  const { theme, toggleTheme } = usePreferences();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      onClick={toggleTheme}
      aria-label={dark ? t('theme.toLight') : t('theme.toDark')}
      title={dark ? t('theme.toLight') : t('theme.toDark')}
      className={cx(
        'relative inline-flex h-10 w-10 items-center justify-center overflow-hidden rounded-full text-text transition-colors hover:bg-surface-2',
        className,
      )}
    >
      <SunIcon size={21} className={cx('absolute transition-all duration-300', dark ? 'rotate-90 scale-50 opacity-0' : 'rotate-0 scale-100 opacity-100')} />
      <MoonIcon size={20} className={cx('absolute transition-all duration-300', dark ? 'rotate-0 scale-100 opacity-100' : '-rotate-90 scale-50 opacity-0')} />
    </button>
  );
}
