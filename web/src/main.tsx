import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './i18n';
import './styles.css';

// Global errors and unhandled rejections are only logged (spec 000 §8).
window.addEventListener('error', (e) => console.error(e.error ?? e.message));
window.addEventListener('unhandledrejection', (e) => console.error(e.reason));

await initI18n();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
