import type { SealedGreeting } from '@otkrytka/contract';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '@/i18n';
import { cx } from '@/ui/cx';
import { backgroundOf } from '../backgrounds';
import { countdownParts, formatMoment, MAX_TIMER_MS } from '../tracking';
import { Appear } from './Appear';
import { Festive } from './Festive';
import { Stage } from './GreetingStages';
import { LockIcon } from '@/ui/icons';
import { EnvelopeHeartIcon } from '@/ui/icons-more';
import { NAME_CLASS, nameSize } from '../nameSize';
import { trimInvisible } from '@otkrytka/contract/rules/text';

/**
 * A scheduled greeting before its moment, as its recipient sees it: the background, their name, when
 * it opens and a live countdown — no postcard, no text (the server does not send them). At the
 * moment it asks the server again (`onCheck`), and also whenever the page becomes visible; the
 * page refetches now and then on its own too.
 * `receivedAt` is when the answer arrived: the countdown runs from the server's `seconds_until_open`,
 * not from the device's clock.
 */
export default function SealedStage({ greeting, receivedAt, onCheck }: { greeting: SealedGreeting; receivedAt: number; onCheck: () => void }) {
  const { t, i18n } = useTranslation(['greetings', 'greeting']);
  const bg = backgroundOf(greeting.background_first_page);
  const opensAt = receivedAt + greeting.seconds_until_open * 1000;
  const [now, setNow] = useState(() => Date.now());
  const hintId = useId();

  useEffect(() => {
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(tick);
  }, []);

  // the moment itself (a second late: the server counts whole seconds); waits past the longest
  // browser timer are left to the periodic re-check
  useEffect(() => {
    const wait = opensAt - Date.now() + 1000;
    if (wait > MAX_TIMER_MS) return;
    const timer = window.setTimeout(onCheck, Math.max(0, wait));
    return () => window.clearTimeout(timer);
  }, [opensAt, onCheck]);

  // a phone that slept through the moment asks as soon as it is looked at again
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') onCheck();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [onCheck]);

  const left = opensAt - now;
  const parts = countdownParts(left);
  const name = trimInvisible(greeting.to_whom);
  const light = bg.ink === 'light';
  const tiles: [number, string][] = [
    ...(parts.days > 0 ? [[parts.days, t('tracking.days')] as [number, string]] : []),
    [parts.hours, t('tracking.hours')],
    [parts.minutes, t('tracking.minutes')],
    [parts.seconds, t('tracking.seconds')],
  ];

  return (
    <Stage background={bg.css}>
      <div
        data-testid="sealed-greeting"
        className={cx('flex w-full max-w-md flex-col items-center gap-5 px-6 py-20 text-center', light ? 'text-white' : 'text-[#3b2300]')}
      >
        <Appear from={{ opacity: 0, transform: 'scale(0.6)' }} duration={600} className="text-7xl drop-shadow-lg">
          <EnvelopeHeartIcon size={84} strokeWidth={1.4} />
        </Appear>
        <p className="text-sm font-bold uppercase tracking-[0.2em] opacity-85">{t('tracking.countdownTitle')}</p>
        <h1 className={cx(NAME_CLASS.countdown[nameSize(name)], 'font-black leading-tight tracking-tight [overflow-wrap:anywhere] drop-shadow-[0_4px_18px_rgba(0,0,0,0.25)]')}>
          {name || <Festive text={t('greeting:view.congrats')} />}
        </h1>
        <p className="text-lg font-bold" data-testid="opens-at">
          {t('tracking.opens', { when: formatMoment(greeting.opens_at, i18n.language) })}
        </p>
        {left > 0 ? (
          <div role="timer" aria-label={t('tracking.countdownLabel')} className="flex items-stretch justify-center gap-2 sm:gap-3">
            {tiles.map(([n, unit]) => (
              <div
                key={unit}
                className="flex min-w-16 flex-col items-center rounded-2xl bg-black/20 px-2 py-2.5 backdrop-blur sm:min-w-20"
              >
                <span className="text-3xl font-black tabular-nums text-white sm:text-4xl">{String(n).padStart(2, '0')}</span>
                <span className="text-xs font-semibold text-white/85">{unit}</span>
              </div>
            ))}
          </div>
        ) : (
          <p role="status" className="animate-pulse text-xl font-extrabold">
            {t('tracking.openingNow')}
          </p>
        )}
        <p className="max-w-xs text-sm font-medium opacity-90">{t('tracking.countdownHint')}</p>
        <div className="mt-2 flex w-full flex-col items-center gap-2">
          <button
            type="button"
            disabled
            aria-describedby={hintId}
            className="inline-flex min-h-14 w-full cursor-not-allowed items-center justify-center rounded-full bg-white/35 px-7 text-lg font-extrabold text-white/90 backdrop-blur"
          >
            <LockIcon size={20} className="mr-2" />
            {t('greeting:view.accept')}
          </button>
          <p id={hintId} className="rounded-2xl bg-black/25 px-4 py-2 text-sm font-semibold text-white backdrop-blur">
            {t('tracking.acceptLater')}
          </p>
        </div>
      </div>
    </Stage>
  );
}
