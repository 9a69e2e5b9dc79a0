import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/lib/errorMessage';
import { Button } from '@/ui/Button';
import { useToast } from '@/ui/toast';
import { ZonePicker } from '@/features/calendar/components/ZonePicker';
import { browserTimeZone, timeIn, useSetTimeZone, useTimeZone, zoneCity, zoneName } from '@/features/calendar/extra';

/**
 * The zone date reminders come in: this device's by default, or one the user chose (the account's
 * `time_zone` setting, which the server reads for a new date). Signed-in users only.
 */
export function TimeZoneSetting() {
  const { t, i18n } = useTranslation('calendar');
  const toast = useToast();
  const { zone, chosen } = useTimeZone();
  const save = useSetTimeZone();
  const [picking, setPicking] = useState(false);
  const device = browserTimeZone();

  const choose = async (next: string | null) => {
    setPicking(false);
    try {
      // the device's own zone is no choice: the setting goes, and the app follows the device
      await save.mutateAsync(next === device ? null : next);
      toast(t('timeZone.saved'), 'success');
    } catch (e) {
      toast(errorMessage(e, t('timeZone.error')), 'error');
    }
  };

  return (
    <div data-testid="time-zone-setting">
      {/* the city when we can name it (the browser names a zone by its region) */}
      <p className="font-semibold" data-testid="time-zone-name">
        {zoneCity(zone, i18n.language) ?? zoneName(zone, i18n.language, t)}
      </p>
      <p className="text-[13px] text-muted">
        {[zoneCity(zone, i18n.language) && zoneName(zone, i18n.language, t), chosen ? t('timeZone.chosen') : t('timeZone.fromDevice'), t('timeZone.now', { time: timeIn(zone, i18n.language) })]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <p className="mt-1 text-[13px] text-muted">{t('timeZone.hint')}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setPicking(true)} loading={save.isPending}>
          {t('timeZone.change')}
        </Button>
        {chosen && zone !== device && (
          <Button variant="ghost" onClick={() => void choose(null)} disabled={save.isPending}>
            {t('timeZone.useDevice')}
          </Button>
        )}
      </div>
      <ZonePicker open={picking} value={zone} onPick={(z) => void choose(z)} onClose={() => setPicking(false)} />
    </div>
  );
}
