import { createRoot } from 'react-dom/client';
import { GreetingLanding } from './features/greetings/pages/GreetingLanding';
import { i18n } from './i18n/runtime';
import { DEFAULT_LANGUAGE, pageLanguage } from './i18n/language';
import { hideBrokenImages } from './ui/brokenImages';
import './styles.css';

/**
 * The first load of /greeting/{id} (greeting.html), the page most recipients open first, cold, on
 * a phone: React, the greeting's stages and their texts, nothing else. The whole app (main.tsx's
 * startApp) loads when the recipient first taps, or at once for a greeting this screen does not
 * show, and takes #root over.
 */
window.addEventListener('error', (e) => console.error(e.error ?? e.message));
window.addEventListener('unhandledrejection', (e) => console.error(e.reason));
hideBrokenImages();

const id = window.location.pathname.match(/^\/greeting\/([^/]+)$/)?.[1];
const texts = import.meta.glob<{ default: Record<string, never> }>('./i18n/*/{greeting,errors}.json');
i18n.setNamespaceLoader(async (lang, ns) => (await texts[`./i18n/${lang}/${ns}.json`]!()).default);
i18n.setLanguage(pageLanguage(), DEFAULT_LANGUAGE);

const root = document.getElementById('root')!;
let waking: Promise<void> | undefined;
const wake = () => {
  waking ??= import('./app/boot').then(({ startApp }) => startApp(() => landing.unmount()));
};

const landing = createRoot(root);
// a link that opens on the greeting itself (?view=true, from a notification or the bot) needs the whole app at once
if (!id || new URLSearchParams(window.location.search).get('view') === 'true') wake();
else landing.render(<GreetingLanding id={decodeURIComponent(id)} onWake={wake} />);
