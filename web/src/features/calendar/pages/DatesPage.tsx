import type { PersonDate } from '@otkrytka/contract';
import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/lib/errorMessage';
import { useNavigate } from '@/router';
import { Button } from '@/ui/Button';
import { ConfirmDialog } from '@/ui/Dialogs';
import { PlusIcon } from '@/ui/icons';
import { CalendarIcon } from '@/ui/icons-more';
import { Page } from '@/ui/Page';
import { LoadingState } from '@/ui/Spinner';
import { EmptyState, ErrorState } from '@/ui/States';
import { useToast } from '@/ui/toast';
import { useSession } from '@/features/auth/session';
import { DateFormDialog } from '../components/DateForm';
import { DateList } from '../components/DateList';
import { FeedCard } from '../components/FeedCard';
import { pickingPath, saveIntent, useDates, useDeleteDate } from '../extra';

/** /dates: the dates I keep (birthdays, anniversaries, name days) with their reminders, and my calendar feed. */
export default function DatesPage() {
  const { t } = useTranslation('calendar');
  const { user } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const dates = useDates();
  const remove = useDeleteDate();
  // the form: closed, a new date, or one being edited
  const [editing, setEditing] = useState<PersonDate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PersonDate | null>(null);
  const [deleteFrom, setDeleteFrom] = useState<HTMLElement | null>(null);

  const greet = (d: PersonDate) => {
    const intent = { toWhom: d.person_name, opens: d.next_date, dateId: d.id };
    saveIntent(intent);
    navigate(pickingPath(intent));
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    // the focus goes to the next date's delete button (or the one before), else the add button
    const item = deleteFrom?.closest('li');
    const neighbour = [item?.nextElementSibling, item?.previousElementSibling].map((li) => li?.querySelector<HTMLElement>('[data-date-delete]')).find(Boolean);
    try {
      await remove.mutateAsync(deleting.id);
      setDeleting(null);
      toast(t('dates.deleted'), 'success');
      requestAnimationFrame(() => (neighbour ?? document.querySelector<HTMLElement>('[data-date-add]'))?.focus());
    } catch (e) {
      setDeleting(null);
      toast(errorMessage(e, t('dates.deleteError')), 'error');
    }
  };

  const list = dates.data ?? [];
  const add = (
    <Button onClick={() => setEditing('new')} data-date-add>
      <PlusIcon size={19} />
      {t('dates.add')}
    </Button>
  );

  return (
    <Page title={t('dates.title')} subtitle={t('dates.subtitle')} actions={list.length > 0 ? add : undefined}>
      <div className="mt-2 flex flex-col gap-6">
        {dates.isPending ? (
          <LoadingState text={t('dates.loading')} />
        ) : dates.isError ? (
          <ErrorState title={t('dates.error')} error={dates.error} onRetry={() => void dates.refetch()} retryLabel={t('common:retry')} />
        ) : list.length === 0 ? (
          <EmptyState icon={<CalendarIcon />} title={t('dates.empty')} text={t('dates.emptyHint')} action={add} />
        ) : (
          <DateList dates={list} onGreet={greet} onEdit={(d) => setEditing(d)} onDelete={(d, button) => (setDeleting(d), setDeleteFrom(button))} />
        )}
        {user && <FeedCard key={user.id} />}
      </div>

      <DateFormDialog open={editing !== null} date={editing === 'new' || editing === null ? undefined : editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('dates.deleteConfirm', { name: deleting?.person_name ?? '' })}
        confirmLabel={t('dates.delete')}
        cancelLabel={t('common:cancel')}
        danger
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        <p>{t('dates.deleteText')}</p>
      </ConfirmDialog>
    </Page>
  );
}
