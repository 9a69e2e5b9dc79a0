import { useTranslation } from '@/i18n';
import { cx } from '@/ui/cx';
import { TelegramStarIcon } from './icons';

/** A price in Stars: the number and the Star drawn beside it; read out as «50 звёзд». */
export function StarsPrice({ count, size = 16, className }: { count: number; size?: number; className?: string }) {
  const { t, i18n } = useTranslation('stars');
  return (
    <span className={cx('inline-flex items-center gap-1 tabular-nums', className)}>
      <span aria-hidden="true">{count.toLocaleString(i18n.language)}</span>
      <TelegramStarIcon size={size} className="shrink-0 text-yang" />
      <span className="sr-only">{t('stars', { count })}</span>
    </span>
  );
}
