import { useTranslation } from '@/i18n';
import { LoadingState } from '@/ui/Spinner';
import { ErrorState } from '@/ui/States';
import { useEnergyStatus } from '../queries';
import { Panel } from './bits';
import { CrystalSender } from './CrystalSender';
import { DailyRewardCard } from './DailyRewardCard';
import { EnergyCircle } from './EnergyCircle';
import { BoltIcon } from '@/ui/icons';

export function ResourcesTab() {
  const { t } = useTranslation('game');
  const energy = useEnergyStatus();
  if (energy.isPending) return <LoadingState text={t('common:loading')} />;
  if (energy.isError)
    return <ErrorState title={t('energy.loadError')} error={energy.error} onRetry={() => void energy.refetch()} retryLabel={t('common:retry')} />;
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <Panel icon={<BoltIcon />} title={t('energy.title')} className="md:row-span-2">
        <EnergyCircle status={energy.data} fetchedAt={energy.dataUpdatedAt} />
      </Panel>
      <DailyRewardCard />
      <CrystalSender yang={energy.data.yang_energy} />
    </div>
  );
}
