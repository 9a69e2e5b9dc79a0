import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from '../i18n';
import { TELEGRAM_BASE } from '../telegram';
import { App } from './App';
import { preloadRoute } from './routes';
import { registerServiceWorker } from './service-worker';

/**
 * Starts the whole app in #root. `beforeRender` runs once the first page and the texts are there,
 * just before the app draws: the greeting's first screen (greeting-main.tsx) steps aside then,
 * so the recipient never sees an empty page between the two.
 */
export async function startApp(beforeRender?: () => void): Promise<void> {
  // the first page and its texts load alongside the shell's texts, not after them
  const page = preloadRoute(window.location.pathname.replace(new RegExp(`^${TELEGRAM_BASE}(?=/|$)`), '') || '/');
  registerServiceWorker();
  await initI18n();
  if (beforeRender) {
    await page;
    beforeRender();
  }
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
