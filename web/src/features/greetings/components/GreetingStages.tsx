import type { Greeting } from '@otkrytka/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/runtime';
import { cx } from '@/ui/cx';
import { BACKGROUNDS, backgroundOf, POSTCARD_STAGE_COLOR } from '../backgrounds';
import { celebrate } from '../confetti';
import { Appear } from './Appear';
import { Festive } from './Festive';
import { PostcardMedia, preloadPostcard } from './PostcardMedia';
import { EnvelopeHeartIcon } from '@/ui/icons-greeting';
import { NAME_CLASS, nameSize } from '../nameSize';
import { trimInvisible } from '@otkrytka/contract/rules/text';

/** The intro button appears this long after the intro. */
export const INTRO_BUTTON_DELAY_MS = 500;

const pill =
  'inline-flex min-h-14 items-center justify-center gap-2 whitespace-nowrap rounded-full bg-white px-5 text-base font-extrabold min-[360px]:text-lg sm:px-7 text-[#7c2d5a] shadow-[0_10px_40px_-10px_rgba(0,0,0,0.5)] transition active:scale-95 hover:scale-[1.03] focus-visible:outline-4 focus-visible:outline-white/70';

/**
 * Focus for a stage the reader moved to with a tap or a key: the button they pressed went away
 * with the old stage, so focus would fall to the page. On the first stage of a visit it stays put.
 */
export function useStageFocus<T extends HTMLElement>(focus: boolean | undefined) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (focus) ref.current?.focus({ preventScroll: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the stage appears
  }, []);
  return ref;
}

/** Stage 1: confetti, the recipient's name, then '🎉 Смотреть открытку 🎉'. */
export function IntroStage({ greeting, onNext, focus }: { greeting: Greeting; onNext: () => void; focus?: boolean }) {
  const { t } = useTranslation('greeting');
  const heading = useStageFocus<HTMLHeadingElement>(focus);
  const [ready, setReady] = useState(false);
  const bg = backgroundOf(greeting.background_first_page);
  const confettiLayer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const layer = confettiLayer.current;
    // in the stage's own layer, under the words and the button: not over «Смотреть открытку»
    void celebrate({ y: 0.55 }, layer);
    const timer = window.setTimeout(() => {
      setReady(true);
      // the intro has painted: the postcard of the next stage loads while it is read
      if (greeting.postcard) preloadPostcard(greeting.postcard);
    }, INTRO_BUTTON_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      // a burst still falling when the intro goes finishes over the page, as it would have
      layer?.querySelectorAll('canvas').forEach((canvas) => document.body.append(canvas));
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the intro appears
  }, []);
  const name = trimInvisible(greeting.to_whom);
  return (
    <Stage background={bg.css}>
      {/* the confetti's layer: over the stage's background, under its content (z-[1] below) */}
      <div ref={confettiLayer} aria-hidden="true" className="pointer-events-none fixed inset-0" data-testid="confetti-layer" />
      <div className={cx('relative z-[1] flex flex-col items-center gap-6 px-6 text-center', bg.ink === 'light' ? 'text-white' : 'text-[#3b2300]')}>
        <Appear from={{ opacity: 0, transform: 'scale(0.3) rotate(-12deg)' }} duration={700} className="text-7xl drop-shadow-lg sm:text-8xl">
          <span aria-hidden="true" className="inline-block animate-bounce [animation-duration:2.4s]">
            <EnvelopeHeartIcon size={96} strokeWidth={1.4} />
          </span>
        </Appear>
        <Appear from={{ opacity: 0, transform: 'translateY(24px)' }} delay={150}>
          <h1
            ref={heading}
            tabIndex={-1}
            className={cx(NAME_CLASS.envelope[nameSize(name)], 'font-black leading-tight tracking-tight [overflow-wrap:anywhere] outline-none drop-shadow-[0_4px_18px_rgba(0,0,0,0.25)]')}
          >
            {name || <Festive text={t('view.congrats')} />}
          </h1>
        </Appear>
        {name && (
          <Appear from={{ opacity: 0 }} delay={350}>
            <p className="text-lg font-semibold opacity-90">
              <Festive text={t('view.congrats')} />
            </p>
          </Appear>
        )}
        <div className="h-16">
          {ready && (
            <Appear from={{ opacity: 0, transform: 'translateY(16px) scale(0.9)' }}>
              <button type="button" onClick={onNext} className={pill}>
                <Festive text={t('view.watch')} />
              </button>
            </Appear>
          )}
        </div>
      </div>
    </Stage>
  );
}

/** Stage 2: the postcard full screen (image, gif or video) and '🎉 Поздравление 🎉'. */
export function PostcardStage({ greeting, onNext, focus }: { greeting: Greeting; onNext: () => void; focus?: boolean }) {
  const { t } = useTranslation('greeting');
  const next = useStageFocus<HTMLButtonElement>(focus);
  const bg = backgroundOf(greeting.background_first_page);
  const card = greeting.postcard!;
  return (
    <Stage background={`radial-gradient(ellipse at 50% 30%, ${bg.glow}33 0%, transparent 60%), ${POSTCARD_STAGE_COLOR}`}>
      <div className="flex h-full w-full flex-col items-center justify-center gap-5 px-4 py-16">
        <Appear
          from={{ opacity: 0, transform: 'perspective(900px) rotateX(25deg) scale(0.85)' }}
          duration={700}
          className="w-full"
          style={{ maxWidth: 'min(420px, calc((100dvh - 170px) * 384 / 590))' }}
        >
          <PostcardMedia card={card} alt={card.title ?? t('view.postcardAlt')} />
        </Appear>
        <Appear from={{ opacity: 0, transform: 'translateY(20px)' }} delay={400}>
          <button ref={next} type="button" onClick={onNext} className={pill}>
            <Festive text={t('view.toGreeting')} />
          </button>
        </Appear>
      </div>
    </Stage>
  );
}

/** A full-screen stage with the greeting's background. */
/**
 * The greeting's first screen while it loads: its colours at once after the boot splash (fading in
 * over the page's cream, its white words were unreadable), and the words pulsing.
 */
export function LoadingStage({ text }: { text: string }) {
  return (
    <Stage background={BACKGROUNDS['pink-purple-indigo'].css} fade={false}>
      <p role="status" className="animate-pulse text-xl font-bold text-white" data-testid="greeting-loading">
        {text}
      </p>
    </Stage>
  );
}

export function Stage({ background, children, className, fade = true }: { background: string; children: ReactNode; className?: string; fade?: boolean }) {
  const frame = cx('fixed inset-0 flex items-center justify-center overflow-y-auto', className);
  if (!fade) {
    return (
      <div className={frame} style={{ background }}>
        {children}
      </div>
    );
  }
  return (
    <Appear
      from={{ opacity: 0 }}
      duration={350}
      easing="ease-out"
      className={frame}
      style={{ background }}
    >
      {children}
    </Appear>
  );
}
