import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadRoute } from './app/routes';
import { registerServiceWorker } from './app/service-worker';
import { initI18n } from './i18n';
import { TELEGRAM_BASE } from './telegram';
import './styles.css';

// Global errors and unhandled rejections are only logged (spec 000 §8).
window.addEventListener('error', (e) => console.error(e.error ?? e.message));
window.addEventListener('unhandledrejection', (e) => console.error(e.reason));

// the first page and its texts load alongside the shell's texts, not after them
preloadRoute(window.location.pathname.replace(new RegExp(`^${TELEGRAM_BASE}(?=/|$)`), '') || '/');
registerServiceWorker();
await initI18n();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
