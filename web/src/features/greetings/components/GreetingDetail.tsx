import type { Greeting } from '@otkrytka/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n/runtime';
import { shownChannel } from '@/features/channels/shown';
import { backgroundOf } from '../backgrounds';
import { Appear } from './Appear';
import { Stage, useStageFocus } from './GreetingStages';
import { ReplayIcon } from '@/ui/icons-greeting';
import { cx } from '@/ui/cx';
import { NAME_CLASS, nameSize } from '../nameSize';

/** Stage 3: the greeting itself — recipient, text, sender, the postcard and its channel — and what one can do with it. */
export function DetailStage({ greeting, onReplay, focus, children }: { greeting: Greeting; onReplay?: () => void; focus?: boolean; children?: ReactNode }) {
  const { t } = useTranslation('greeting');
  const heading = useStageFocus<HTMLHeadingElement>(focus);
  const bg = backgroundOf(greeting.background_greeting_page);
  const card = greeting.postcard;
  return (
    <Stage background={bg.css} className="overflow-hidden">
      {/* scrolls below the page's floating buttons (back, preview, share), so the text never slides under them */}
      <div
        className="absolute inset-x-0 bottom-0 top-[calc(max(0.75rem,env(safe-area-inset-top))+3.25rem)] flex overflow-y-auto [mask-image:linear-gradient(to_bottom,transparent,black_1rem)]"
        data-testid="greeting-scroll"
      >
      <div className="mx-auto my-auto w-full max-w-md px-4 pb-[max(2rem,env(safe-area-inset-bottom))] pt-4">
        <Appear from={{ opacity: 0, transform: 'translateY(30px)' }} duration={600}>
        <article
          className="relative overflow-hidden rounded-[2rem] bg-white/92 p-6 text-[#2a1f2d] shadow-[0_30px_80px_-20px_rgba(0,0,0,0.45)] backdrop-blur dark:bg-[#211b2b]/92 dark:text-[#f5eef7] sm:p-8"
        >
          <div className="pointer-events-none absolute -right-10 -top-10 h-36 w-36 rounded-full opacity-50 blur-2xl" style={{ background: bg.css }} aria-hidden="true" />
          <p className="text-xs font-bold uppercase tracking-[0.2em] text-[#7a6a76] dark:text-[#a898ad]">{t('view.for')}</p>
          <h1 ref={heading} tabIndex={-1} className={cx('mt-1 font-black leading-tight break-words outline-none', NAME_CLASS.card[nameSize(greeting.to_whom)])}>
            {greeting.to_whom}
          </h1>
          <p className="mt-5 whitespace-pre-line break-words text-lg leading-relaxed">{greeting.greeting}</p>
          <p className="mt-6 text-right text-base font-semibold italic break-words">— {greeting.from_whom}</p>

          {(card || greeting.channel) && (
            <div className="mt-6 flex items-center gap-4 border-t border-black/10 pt-5 dark:border-white/10">
              {card && (
                <img
                  src={card.preview_78x101_url ?? card.viewer_url ?? card.image_url}
                  alt=""
                  className="h-[101px] w-[78px] shrink-0 rounded-xl object-cover shadow-md"
                  loading="lazy"
                />
              )}
              <div className="min-w-0 flex-1 text-sm leading-relaxed">
                <dl>
                  {card && (
                    // label and value run as one text, so a long title wraps under the label, not beside it
                    <div className="line-clamp-2 break-words">
                      <dt className="inline font-semibold text-[#7a6a76] dark:text-[#a898ad]">{t('view.postcard')}</dt>{' '}
                      <dd className="inline">{card.title || t('view.untitled')}</dd>
                    </div>
                  )}
                  {greeting.channel && (
                    <div className="line-clamp-2 break-words">
                      <dt className="inline font-semibold text-[#7a6a76] dark:text-[#a898ad]">{t('view.channel')}</dt>{' '}
                      <dd className="inline">{shownChannel(greeting.channel, { name: t('view.galleryChannel') }).name}</dd>
                    </div>
                  )}
                </dl>
                {onReplay && (
                  <button type="button" onClick={onReplay} className="inline-flex min-h-11 items-center text-sm font-semibold text-[#c92d57] underline-offset-4 hover:underline dark:text-[#ff8aab]">
                    <ReplayIcon size={16} className="mr-1 inline-block align-[-3px]" />
                    {t('view.replay')}
                  </button>
                )}
              </div>
            </div>
          )}
        </article>
        </Appear>
        {children && <div className="mt-5">{children}</div>}
      </div>
      </div>
    </Stage>
  );
}
