import { Link, useNavigate, useParams } from '@/router';
import { useTranslation } from '@/i18n';
import { ApiError } from '@/lib/api';
import { Page } from '@/ui/Page';
import { LoadingState } from '@/ui/Spinner';
import { ErrorState } from '@/ui/States';
import { ReviewCard } from '@/features/sandbox/components/ReviewCard';
import { ModerationDecision, ModerationFacts } from '../components/RandomModeration';
import { ModeratorGate } from '../components/ModeratorGate';
import { AFTER_DECISION } from './ModeratorPage';
import { useModerationCard } from '../queries';

/** /moderator/{id}: one postcard, approve or reject, then back to /moderator (by keyboard: on the next card of the queue). */
export default function ModeratePostcardPage() {
  return (
    <ModeratorGate message="moderatorOnly">
      <ModeratePostcard />
    </ModeratorGate>
  );
}

function ModeratePostcard() {
  const { t } = useTranslation('moderation');
  const id = Number(useParams().postcardId);
  const navigate = useNavigate();
  const card = useModerationCard(id, true);
  return (
    <Page
      title={t('title')}
      wide
      actions={
        <Link to="/moderator" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          ← {t('backToPanel')}
        </Link>
      }
    >
      {!Number.isInteger(id) || id <= 0 || (card.isError && card.error instanceof ApiError && card.error.status === 404) ? (
        <ErrorState title={t('notFound')} />
      ) : card.isPending ? (
        <LoadingState text={t('loading')} />
      ) : card.isError ? (
        <ErrorState title={t('loadError')} error={card.error} onRetry={() => void card.refetch()} retryLabel={t('retry', { ns: 'common' })} />
      ) : (
        <ReviewCard postcard={card.data} extra={<ModerationFacts card={card.data} />}>
          <ModerationDecision card={card.data} onDone={(_approved, byKeyboard) => navigate('/moderator', byKeyboard ? { state: AFTER_DECISION } : {})} />
        </ReviewCard>
      )}
    </Page>
  );
}
