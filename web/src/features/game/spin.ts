import { SPIN_MIN_YANG, spinYang, spinYinCost, spinYinPerYang } from '@otkrytka/contract/rules/game';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SpinResult } from '@otkrytka/contract';
import { haptic } from '@/telegram';
import { spinSaving } from './levelUpShown';
import { useFinishSpin, useStartSpin } from './queries';

export type SpinPhase = 'idle' | 'starting' | 'spinning' | 'saving';
export type SpinOutcome =
  | { kind: 'saved'; result: SpinResult }
  | { kind: 'tooShort' }
  | { kind: 'noYin' }
  | { kind: 'error'; error: unknown };

/** How soon a spin held on from `seconds` has its whole price raised (60 s, 300 s, then every minute), within `within` seconds. */
export function priceRiseAhead(seconds: number, within = 10): { inSeconds: number; rate: number } | null {
  const now = spinYinPerYang(Math.max(1, seconds));
  for (let k = 1; k <= within; k++) {
    const rate = spinYinPerYang(seconds + k);
    if (rate > now) return { inSeconds: k, rate };
  }
  return null;
}

/**
 * Press-and-hold spin. The server times it: the hold asks for a spin token, counts
 * whole seconds from the moment the token arrives (so it never claims more than the server saw),
 * ticks each second, stops on release or when the next second would cost more yin than there is,
 * and saves the yang/yin pair the conversion gives — only from 2 yang, in pairs.
 */
export function useHoldSpin(yin: number, onDone: (o: SpinOutcome, stoppedByYin: boolean) => void) {
  const start = useStartSpin();
  const finish = useFinishSpin();
  const [phase, setPhase] = useState<SpinPhase>('idle');
  const [seconds, setSeconds] = useState(0);
  const s = useRef({ phase: 'idle' as SpinPhase, token: '', t0: 0, seconds: 0, released: false, timer: 0 as ReturnType<typeof setInterval> | 0 });
  const yinRef = useRef(yin);
  const doneRef = useRef(onDone);
  useEffect(() => {
    yinRef.current = yin;
    doneRef.current = onDone;
  });

  const go = useCallback((p: SpinPhase) => {
    s.current.phase = p;
    setPhase(p);
  }, []);

  const stop = useCallback(
    (byYin: boolean) => {
      const st = s.current;
      if (st.phase !== 'spinning') return;
      if (st.timer) clearInterval(st.timer);
      st.timer = 0;
      const secs = st.seconds;
      const yang = spinYang(secs);
      if (yang < SPIN_MIN_YANG) {
        go('idle');
        setSeconds(0);
        doneRef.current({ kind: 'tooShort' }, byYin);
        return;
      }
      go('saving');
      spinSaving.begin();
      finish.mutate(
        { spin_id: st.token, totalSpinTime: secs, yangGained: yang, yinSpent: spinYinCost(secs) },
        {
          onSuccess: (result) => {
            haptic('success');
            doneRef.current({ kind: 'saved', result }, byYin);
          },
          onError: (error) => {
            haptic('error');
            doneRef.current({ kind: 'error', error }, byYin);
          },
          onSettled: () => {
            spinSaving.end();
            go('idle');
            setSeconds(0);
          },
        },
      );
    },
    [finish, go],
  );

  const tick = useCallback(() => {
    const st = s.current;
    const secs = Math.floor((performance.now() - st.t0) / 1000);
    if (secs === st.seconds) return;
    // the next second would cost more yin than the player has: stop here
    if (spinYinCost(secs) > yinRef.current) {
      stop(true);
      return;
    }
    st.seconds = secs;
    setSeconds(secs);
    // a soft knock each second of the spin (an impact; the result is a notification)
    haptic('soft');
  }, [stop]);

  const press = useCallback(() => {
    const st = s.current;
    if (st.phase !== 'idle') return;
    if (yinRef.current <= 0) {
      haptic('error');
      doneRef.current({ kind: 'noYin' }, true);
      return;
    }
    st.released = false;
    st.seconds = 0;
    setSeconds(0);
    go('starting');
    haptic('light');
    start.mutate(undefined, {
      onSuccess: (r) => {
        st.token = r.spin_id;
        if (st.released) {
          go('idle');
          doneRef.current({ kind: 'tooShort' }, false);
          return;
        }
        st.t0 = performance.now();
        go('spinning');
        st.timer = setInterval(tick, 100);
      },
      onError: (error) => {
        go('idle');
        haptic('error');
        doneRef.current({ kind: 'error', error }, false);
      },
    });
  }, [go, start, tick]);

  const release = useCallback(() => {
    s.current.released = true;
    if (s.current.phase === 'spinning') stop(false);
  }, [stop]);

  useEffect(
    () => () => {
      if (s.current.timer) clearInterval(s.current.timer);
    },
    [],
  );

  return {
    phase,
    seconds,
    yangGain: spinYang(seconds),
    yinCost: spinYinCost(seconds),
    /** yin per yang at the current length (0.5, 1, 2, …) */
    rate: spinYinPerYang(Math.max(1, seconds)),
    press,
    release,
  };
}
