import { type TFunction, useTranslation } from '@/i18n';
import { cx } from '@/ui/cx';
import { formatStatusMoment, statusMoment, type StatusFacts } from '../tracking';
import { CheckIcon } from '@/ui/icons';
import { EyeIcon, HourglassIcon, PaperPlaneIcon } from '@/ui/icons-more';

const ICONS: Record<StatusFacts['status'], typeof HourglassIcon> = { collecting: HourglassIcon, awaiting_payment: HourglassIcon, scheduled: HourglassIcon, sent: PaperPlaneIcon, opened: EyeIcon, accepted: CheckIcon };

function StatusIcon({ status }: { status: StatusFacts['status'] }) {
  const Icon = ICONS[status];
  return <Icon size={14} strokeWidth={2.2} />;
}

/**
 * Where a greeting is, in words with its moment ("Открыто 12 марта в 09:00"): the status is the
 * text, the colour only repeats it.
 */
export function StatusChip({ greeting, className }: { greeting: StatusFacts; className?: string }) {
  const text = useStatusText(greeting);
  return (
    <span
      data-testid="greeting-status"
      data-status={greeting.status}
      className={cx(
        'inline-flex max-w-full items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-bold leading-tight',
        {
          collecting: 'bg-accent-soft text-accent-strong',
          awaiting_payment: 'bg-accent-soft text-accent-strong',
          scheduled: 'bg-accent-soft text-accent-strong',
          sent: 'bg-surface-2 text-muted',
          opened: 'bg-yang/15 text-yang-ink',
          accepted: 'bg-success/15 text-success-ink',
        }[greeting.status],
        className,
      )}
    >
      <StatusIcon status={greeting.status} />
      <span className="min-w-0">{text}</span>
    </span>
  );
}

/** "Открыли 3 раза" for the sender; nothing before the first open. */
export function OpenCount({ count, className }: { count: number | null; className?: string }) {
  const { t } = useTranslation('greetings');
  if (!count) return null;
  return <span className={cx('text-xs font-semibold', className)}>{t('tracking.openCount', { count })}</span>;
}

/** The status line in words: "Открыто 12 марта в 09:00". */
export function useStatusText(greeting: StatusFacts): string {
  const { t, i18n } = useTranslation('greetings');
  return statusText(t, i18n.language, greeting);
}

function statusText(t: TFunction<'greetings'>, lang: string, greeting: StatusFacts): string {
  const at = statusMoment(greeting);
  return at ? t(`tracking.statusAt.${greeting.status}`, { when: formatStatusMoment(greeting, at, lang) }) : t(`tracking.status.${greeting.status}`);
}
