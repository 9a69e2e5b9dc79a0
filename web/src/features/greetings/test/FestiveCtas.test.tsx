import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/i18n';
import { IntroStage, PostcardStage } from '../components/GreetingStages';
import SealedStage from '../components/SealedStage';
import GreetingPage from '../pages/GreetingPage';
import { fakeServer, renderPage } from './harness';
import { openGreeting, sealedGreeting } from './trackingFixtures';

vi.mock('../confetti', () => ({ celebrate: vi.fn() }));
afterEach(() => initI18n('ru', 'all'));

const EMOJI = /\p{Extended_Pictographic}/u;

/** The control shows the spec's emoji, and a screen reader hears its words alone. */
function expectWordsOnly(el: HTMLElement, words: string) {
  expect(el).toHaveAccessibleName(words);
  expect(el.textContent).toMatch(EMOJI);
  expect(el.textContent?.replace(new RegExp(EMOJI.source, 'gu'), '').trim()).toBe(words);
}

describe("the greeting's festive texts are read without their emoji", () => {
  it.each([
    ['ru', { watch: 'Смотреть открытку', toGreeting: 'Поздравление', congrats: 'Поздравляю!', myGifts: 'Мои подарки' }],
    ['en', { watch: 'Open the postcard', toGreeting: 'Read the greeting', congrats: 'Congratulations!', myGifts: 'My gifts' }],
  ] as const)('%s', async (language, words) => {
    await initI18n(language, 'all');
    const g = openGreeting();

    const intro = render(<IntroStage greeting={g} onNext={() => {}} />);
    expectWordsOnly(await screen.findByRole('button', { name: words.watch }, { timeout: 3000 }), words.watch);
    intro.unmount();

    const postcard = render(<PostcardStage greeting={g} onNext={() => {}} />);
    expectWordsOnly(screen.getByRole('button', { name: words.toGreeting }), words.toGreeting);
    postcard.unmount();

    // a greeting with no name is greeted, on the intro and on the countdown of a sealed one
    const nameless = render(<IntroStage greeting={openGreeting({ to_whom: ' ' })} onNext={() => {}} />);
    expectWordsOnly(screen.getByRole('heading', { name: words.congrats }), words.congrats);
    nameless.unmount();
    const sealed = render(<SealedStage greeting={sealedGreeting({ to_whom: ' ' })} receivedAt={Date.now()} onCheck={() => {}} />);
    expectWordsOnly(screen.getByRole('heading', { name: words.congrats }), words.congrats);
    sealed.unmount();

    // the accepted greeting's way to the recipient's gifts
    fakeServer(({ url }) =>
      url.pathname.endsWith('/accepted')
        ? { body: { is_accepted: true, accepted_at: '2026-03-10T10:00:00.000Z', energy_received: 5, is_own: false, gift_claimed: true } }
        : { body: openGreeting({ energy: 5, gift_claimed: true }) },
    );
    renderPage(<GreetingPage />, { path: '/greeting/:greetingId', url: `/greeting/${g.id}?view=true`, visitor: false });
    expectWordsOnly(await screen.findByRole('button', { name: words.myGifts }), words.myGifts);
  });
});
