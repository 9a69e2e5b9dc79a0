import type { Greeting } from '@otkrytka/contract';
import { lazy, Suspense } from 'react';
import { useTranslation } from '@/i18n';
import { ReplyCard } from './ReplyCard';
import { ScheduleEditor } from './ScheduleEditor';
import { OpenCount, StatusChip } from './StatusChip';

// a group card's signatures and its organiser's actions: only a group card loads them
const GroupOrganiserPanel = lazy(() => import('./group/GroupOrganiserPanel'));

/**
 * What happened to my greeting, on its page (sender only): its status with the moment, how often it
 * was opened, the schedule while it is sealed, and the recipients' thank-you replies.
 */
export default function SenderTracking({ greeting }: { greeting: Greeting }) {
  const { t } = useTranslation('greetings');
  return (
    <section
      aria-label={t('tracking.senderPanel')}
      className="flex flex-col gap-4 rounded-[1.75rem] bg-surface/95 p-5 text-text shadow-[0_20px_60px_-20px_rgba(0,0,0,0.45)] backdrop-blur"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <StatusChip greeting={greeting} className="text-sm" />
        <OpenCount count={greeting.open_count} className="text-muted" />
      </div>
      <ScheduleEditor greeting={greeting} showMoment={false} />
      {greeting.group && (
        <Suspense fallback={<div className="h-24 animate-pulse rounded-2xl bg-surface-2" />}>
          <GroupOrganiserPanel greeting={greeting} />
        </Suspense>
      )}
      {greeting.replies.length > 0 && (
        <div className="flex flex-col gap-4 border-t border-border pt-4">
          {greeting.replies.map((r) => (
            <ReplyCard
              key={r.replied_at}
              reply={r}
              title={r.from ? t('tracking.reply.from', { name: r.from }) : t('tracking.reply.fromSomeone')}
            />
          ))}
        </div>
      )}
    </section>
  );
}
