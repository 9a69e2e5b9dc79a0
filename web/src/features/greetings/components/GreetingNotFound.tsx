import { useTranslation } from '../../../i18n/runtime';
import { CompassIcon } from '../../../ui/icons-greeting';
import { BACKGROUNDS } from '../backgrounds';
import { Stage } from './GreetingStages';

/** A greeting link that leads nowhere: deleted, or mistyped. */
export function GreetingNotFound({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('greeting');
  return (
    <Stage background={BACKGROUNDS['dark-indigo-purple'].css}>
      <div role="alert" className="flex flex-col items-center gap-5 px-6 text-center text-white">
        <CompassIcon size={64} strokeWidth={1.5} />
        <h1 className="text-2xl font-extrabold">{t('view.notFound')}</h1>
        <p className="max-w-xs text-white/80">{t('view.notFoundHint')}</p>
        <button type="button" onClick={onBack} className="h-12 rounded-full bg-white px-6 font-bold text-[#312e81]">
          {t('view.back')}
        </button>
      </div>
    </Stage>
  );
}
