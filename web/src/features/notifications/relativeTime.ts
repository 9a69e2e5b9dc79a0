import type { TFunction } from '@/i18n';

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago". */
export function relativeTime(iso: string, now: number, t: TFunction): string {
  const s = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  if (s < 60) return t('notifications:time.justNow');
  const m = Math.floor(s / 60);
  if (m < 60) return t('notifications:time.minutes', { count: m });
  const h = Math.floor(m / 60);
  if (h < 24) return t('notifications:time.hours', { count: h });
  return t('notifications:time.days', { count: Math.floor(h / 24) });
}
