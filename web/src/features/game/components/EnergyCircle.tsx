import type { EnergyStatus } from '@otkrytka/contract';
import { useQueryClient } from '@tanstack/react-query';
import { motion } from 'motion/react';
import { useEffect, useState } from 'react';
import { markLevelUpShown } from '../levelUpShown';
import { useTranslation } from '@/i18n';
import { compactNumber } from '@/lib/format';
import { errorMessage } from '@/lib/errorMessage';
import { cx } from '@/ui/cx';
import { useToast } from '@/ui/toast';
import { clearLiveEnergyOffset, setLiveEnergyOffset, useDisplayedYin } from '../liveEnergy';
import { gameKeys } from '../queries';
import { priceRiseAhead, type SpinOutcome, useHoldSpin } from '../spin';

const R = 104;
const C = 2 * Math.PI * R;

export function EnergyCircle({ status, fetchedAt }: { status: EnergyStatus; fetchedAt: number }) {
  const { t, i18n } = useTranslation('game');
  const toast = useToast();
  const qc = useQueryClient();
  const yinShown = useDisplayedYin(status, fetchedAt)!;
  const [note, setNote] = useState<string | null>(null);

  const spin = useHoldSpin(yinShown, (o: SpinOutcome, byYin) => {
    if (o.kind === 'saved') {
      // one message for one spin, the new level included (the level_up notice is not toasted again)
      const saved = t('energy.saved', { yang: o.result.energy_change, exp: o.result.experience_gain });
      if (o.result.level_up) {
        markLevelUpShown();
        toast(`${saved}. ${t('energy.levelUp', { level: o.result.level })}`, 'success', 4000);
      } else toast(saved, 'success');
      setNote(byYin ? t('energy.stoppedNoYin') : null);
    } else if (o.kind === 'tooShort') setNote(t('energy.tooShort'));
    else if (o.kind === 'noYin') setNote(t('energy.notEnoughYin'));
    else {
      setNote(errorMessage(o.error, t('energy.saveError')));
      void qc.invalidateQueries({ queryKey: gameKeys.energy });
    }
  });

  const spinning = spin.phase === 'spinning';
  const priceRise = spinning ? priceRiseAhead(spin.seconds) : null;
  const busy = spin.phase !== 'idle';
  // The hold's gain counts until the saved spin reaches the cached status (its yang changes), so the
  // figures neither drop back while saving nor count the spin twice once it is saved.
  const [yangAtPress, setYangAtPress] = useState<number | null>(null);
  const pending = busy && yangAtPress === status.yang_energy;
  const yang = status.yang_energy + (pending ? spin.yangGain : 0);
  const yin = Math.max(0, yinShown - (pending ? spin.yinCost : 0));
  const total = yang + yin;
  const yangPart = total > 0 ? yang / total : 0.5;
  const yangPercent = total > 0 ? Math.round((yang / total) * 1000) / 10 : 0;
  const press = () => {
    setYangAtPress(status.yang_energy);
    spin.press();
  };

  // the hub's stats and the top bar show the same live figures (they count the refilled yin themselves)
  const yangAhead = yang - status.yang_energy;
  const yinAhead = yin - yinShown;
  useEffect(() => setLiveEnergyOffset({ yang: yangAhead, yin: yinAhead }), [yangAhead, yinAhead]);
  useEffect(() => clearLiveEnergyOffset, []);
  const canSpin = yinShown > 0;
  const lang = i18n.language;

  const label = !canSpin && !busy
    ? t('energy.notEnoughYin')
    : spin.phase === 'starting'
      ? t('energy.starting')
      : spinning
        ? t('energy.spinning', { s: spin.seconds })
        : spin.phase === 'saving'
          ? t('energy.saving')
          : t('energy.hold');

  return (
    <div className="flex flex-col items-center gap-3">
      <div
        role="button"
        tabIndex={0}
        aria-pressed={busy}
        aria-disabled={!canSpin}
        // the name starts with the total as shown inside the circle, and does not ask to hold what cannot spin
        aria-label={t(canSpin || busy ? 'energy.circleLabel' : 'energy.circleLabelNoYin', { total: compactNumber(total, lang), yang, yin })}
        data-testid="energy-circle"
        className={cx(
          'relative grid h-64 w-64 touch-none select-none place-items-center rounded-full outline-offset-4 transition-transform duration-200 [-webkit-touch-callout:none]',
          busy ? 'scale-[1.03]' : 'active:scale-[0.98]',
          canSpin ? 'cursor-pointer' : 'cursor-not-allowed',
        )}
        onPointerDown={(e) => {
          if (e.button !== 0) return;
          e.currentTarget.setPointerCapture?.(e.pointerId);
          press();
        }}
        onPointerUp={() => spin.release()}
        onPointerCancel={() => spin.release()}
        onLostPointerCapture={() => spin.release()}
        onContextMenu={(e) => e.preventDefault()}
        onKeyDown={(e) => {
          if ((e.key === ' ' || e.key === 'Enter') && !e.repeat) {
            e.preventDefault();
            press();
          }
        }}
        onKeyUp={(e) => {
          if (e.key === ' ' || e.key === 'Enter') spin.release();
        }}
        // a key held while the focus moves away never comes up here: losing focus lets go
        onBlur={() => spin.release()}
      >
        <div className={cx('absolute inset-2 rounded-full blur-2xl transition-opacity duration-500', spinning ? 'opacity-70' : 'opacity-30')} style={{ background: 'radial-gradient(circle, var(--yang), var(--yin))' }} aria-hidden="true" />
        <svg viewBox="0 0 240 240" className="absolute inset-0 h-full w-full -rotate-90" aria-hidden="true">
          <circle cx="120" cy="120" r={R} fill="var(--surface)" stroke="var(--surface-3)" strokeWidth="14" />
          <circle cx="120" cy="120" r={R} fill="none" stroke="var(--yin)" strokeWidth="14" />
          <circle
            cx="120"
            cy="120"
            r={R}
            fill="none"
            stroke="var(--yang)"
            strokeWidth="14"
            strokeLinecap="round"
            strokeDasharray={`${C * yangPart} ${C}`}
            style={{ transition: 'stroke-dasharray 400ms ease-out' }}
          />
        </svg>
        <motion.svg
          viewBox="-50 -50 100 100"
          className="absolute h-44 w-44 drop-shadow-md"
          aria-hidden="true"
          animate={{ rotate: spinning ? 360 : 0 }}
          transition={spinning ? { repeat: Infinity, ease: 'linear', duration: Math.max(0.35, 2.4 - spin.seconds * 0.12) } : { duration: 0.6 }}
        >
          <circle r="48" fill="var(--yin)" />
          <path d="M0,-48 A48,48 0 0,1 0,48 A24,24 0 0,1 0,0 A24,24 0 0,0 0,-48 Z" fill="var(--yang)" />
          <circle cy="-24" r="7" fill="var(--yang)" />
          <circle cy="24" r="7" fill="var(--yin)" />
        </motion.svg>
        <div className="absolute -bottom-1 flex items-baseline gap-1 rounded-full border border-border bg-surface px-3 py-1 shadow-card">
          <span className="text-xl font-black tabular-nums leading-none" data-testid="energy-total">
            {compactNumber(total, lang)}
          </span>{' '}
          <span className="text-[11px] uppercase tracking-wider text-muted">{t('energy.total')}</span>
        </div>
        {spinning && spin.yangGain > 0 && (
          <motion.div
            key={spin.yangGain}
            initial={{ y: 0, opacity: 1, scale: 1.1 }}
            animate={{ y: -28, opacity: 0, scale: 1 }}
            transition={{ duration: 0.9 }}
            className="pointer-events-none absolute -top-2 rounded-full bg-yang px-2 py-0.5 text-sm font-bold text-black"
            aria-hidden="true"
          >
            {t('energy.gain', { yang: spin.yangGain })}
          </motion.div>
        )}
      </div>

      <p className={cx('min-h-6 text-center text-sm font-semibold', canSpin || busy ? 'text-text' : 'text-danger')} aria-live="polite" data-testid="spin-label">
        {label}
      </p>
      {spinning && (
        // the row keeps its place from the first instant; its figures come with the first yang (never «+0 Ян −0 Инь»)
        <div className="flex min-h-7 flex-wrap items-center justify-center gap-2 text-sm tabular-nums" aria-live="off" data-testid="spin-figures">
          {spin.yangGain > 0 && (
            <>
              <span className="whitespace-nowrap rounded-full bg-yang/20 px-2.5 py-1 font-bold text-text">{t('energy.gain', { yang: spin.yangGain })}</span>
              <span className="whitespace-nowrap rounded-full bg-yin/20 px-2.5 py-1 font-bold text-text">{t('energy.cost', { yin: spin.yinCost })}</span>
              <span className="whitespace-nowrap text-muted">{t('energy.rate', { rate: spin.rate.toLocaleString(lang === 'en' ? 'en-GB' : 'ru-RU') })}</span>
            </>
          )}
        </div>
      )}
      {priceRise && (
        // the whole spin is repriced at 60 s: a second more would cost about 30 Инь more
        <p className="text-center text-xs font-semibold text-danger" data-testid="spin-price-rise">
          {t('energy.priceRise', { seconds: priceRise.inSeconds, rate: priceRise.rate })}
        </p>
      )}
      {note && !busy && <p className="text-center text-sm text-muted" role="status">{note}</p>}

      <div className="grid w-full grid-cols-2 gap-2">
        <div className="rounded-2xl bg-yang/15 px-3 py-2">
          <div className="text-[11px] font-semibold uppercase tracking-wide text-text/80">{t('energy.yang')}</div>
          <div className="text-2xl font-black tabular-nums" data-testid="yang-value">
            {compactNumber(yang, lang)}
          </div>
          <div className="text-xs text-text/80" data-testid="yang-percent">
            {yangPercent.toLocaleString(lang)}%
          </div>
        </div>
        <div className="rounded-2xl bg-yin/15 px-3 py-2">
          <div className="text-[11px] font-semibold uppercase tracking-wide text-text/80">{t('energy.yin')}</div>
          <div className="text-2xl font-black tabular-nums" data-testid="yin-value">
            {compactNumber(yin, lang)}
          </div>
          <div className="text-xs text-text/80" data-testid="yin-state">
            {yin >= status.yin_cap ? t('energy.full', { cap: status.yin_cap }) : t('energy.regen', { cap: status.yin_cap })}
          </div>
        </div>
      </div>
      <p className="text-center text-xs text-muted">{t('energy.rules')}</p>
    </div>
  );
}
