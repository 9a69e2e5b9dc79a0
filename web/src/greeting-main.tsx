import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { GreetingApp } from './app/GreetingApp';
import { initI18n, preloadNamespaces } from './i18n';
import './styles.css';

// The entry of /greeting/{id} (greeting.html): the greeting page without the rest of the app.
window.addEventListener('error', (e) => console.error(e.error ?? e.message));
window.addEventListener('unhandledrejection', (e) => console.error(e.reason));

void preloadNamespaces(['greetings']).catch(() => undefined);
await initI18n();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <GreetingApp />
  </StrictMode>,
);
