import type { Greeting } from '@otkrytka/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/lib/errorMessage';
import { Button } from '@/ui/Button';
import { ConfirmDialog } from '@/ui/Dialogs';
import { useToast } from '@/ui/toast';
import { useUpdateGreeting } from '../queries';
import { greetingKeys } from '../readQueries';
import { formatMoment, knownZone, localInputToIso, scheduleProblem, senderTimeZone, toLocalInput } from '../tracking';
import { ScheduleField } from './ScheduleField';
import { HourglassIcon } from '@/ui/icons-more';

/**
 * The sender's control of a scheduled greeting until its moment: when it opens (in their timezone),
 * change the date, or open it now (cancels the schedule).
 */
export function ScheduleEditor({ greeting, showMoment = true }: { greeting: Greeting; showMoment?: boolean }) {
  const { t, i18n } = useTranslation('greetings');
  const toast = useToast();
  const update = useUpdateGreeting(greeting.id);
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const passed = useMomentPassed(greeting.opens_at);
  const qc = useQueryClient();
  useEffect(() => {
    // the greeting opened while the sender looked: read it again for its new state
    if (passed) void qc.invalidateQueries({ queryKey: greetingKeys.detail(greeting.id) });
  }, [passed, qc, greeting.id]);

  if (greeting.status !== 'scheduled' || !greeting.opens_at || passed) return null;
  const opensAt = greeting.opens_at;

  function startEditing() {
    setValue(toLocalInput(new Date(opensAt)));
    setError(null);
    setEditing(true);
  }

  async function save() {
    const problem = scheduleProblem(value);
    if (problem) return setError(t(`tracking.schedule.${problem}`));
    try {
      await update.mutateAsync({ opens_at: localInputToIso(value), opens_tz: senderTimeZone() });
      setEditing(false);
      toast(t('tracking.schedule.saved'), 'success');
    } catch (e) {
      setError(errorMessage(e, t('tracking.schedule.error')));
    }
  }

  async function openNow() {
    try {
      await update.mutateAsync({ opens_at: null, opens_tz: null });
      setConfirmOpen(false);
      toast(t('tracking.schedule.openedNow'), 'success');
    } catch (e) {
      setConfirmOpen(false);
      toast(errorMessage(e, t('tracking.schedule.error')), 'error');
    }
  }

  return (
    <section aria-label={t('tracking.schedule.title')} className="flex flex-col gap-3" data-testid="schedule-editor">
      {showMoment ? (
        <p className="text-sm font-semibold">
          <HourglassIcon size={16} className="mr-1 inline-block align-[-3px]" />
          {t('tracking.opens', { when: formatMoment(opensAt, i18n.language, { timeZone: knownZone(greeting.opens_tz) }) })}
          {greeting.opens_tz && <span className="font-normal text-muted"> ({greeting.opens_tz})</span>}
        </p>
      ) : (
        // while editing, the field names the zone the new moment is read in
        greeting.opens_tz && !editing && <p className="text-xs text-muted">{t('tracking.timeZone', { zone: greeting.opens_tz })}</p>
      )}
      {editing ? (
        <>
          <ScheduleField value={value} onChange={(v) => (setValue(v), setError(null))} error={error} />
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setEditing(false)} disabled={update.isPending} className="flex-1">
              {t('tracking.schedule.cancelChange')}
            </Button>
            <Button onClick={() => void save()} loading={update.isPending} className="flex-1">
              {t('tracking.schedule.save')}
            </Button>
          </div>
        </>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={startEditing} className="flex-1 whitespace-nowrap">
            {t('tracking.schedule.change')}
          </Button>
          <Button variant="secondary" onClick={() => setConfirmOpen(true)} className="flex-1 whitespace-nowrap">
            {t('tracking.schedule.openNow')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirmOpen}
        title={t('tracking.schedule.confirmOpenNow')}
        confirmLabel={t('tracking.schedule.openNow')}
        cancelLabel={t('tracking.schedule.cancelChange')}
        loading={update.isPending}
        onConfirm={() => void openNow()}
        onClose={() => setConfirmOpen(false)}
      />
    </section>
  );
}

/** Whether the moment `at` has come; turns true when it does, without a reload. */
function useMomentPassed(at: string | null | undefined): boolean {
  const [now, setNow] = useState(() => Date.now());
  const due = at ? Date.parse(at) : NaN;
  useEffect(() => {
    if (!Number.isFinite(due) || due <= now) return;
    // a timer fires at most ~24.8 days ahead; a later moment is looked at again then
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(due - now, 2 ** 31 - 1));
    return () => window.clearTimeout(timer);
  }, [due, now]);
  return Number.isFinite(due) && due <= now;
}
