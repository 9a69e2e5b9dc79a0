import { startApp } from './app/boot';
import { hideBrokenImages } from './ui/brokenImages';
import './styles.css';

// Global errors and unhandled rejections are only logged.
window.addEventListener('error', (e) => console.error(e.error ?? e.message));
window.addEventListener('unhandledrejection', (e) => console.error(e.reason));
hideBrokenImages();

await startApp();
