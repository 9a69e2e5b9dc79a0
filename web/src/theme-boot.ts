// Runs before React: applies the saved theme so the first paint is already right (no flash).
const saved = document.cookie.match(/(?:^|; )darkMode=(true|false)/)?.[1];
const dark = saved ? saved === 'true' : window.matchMedia('(prefers-color-scheme: dark)').matches;
document.documentElement.classList.toggle('dark', dark);
// index.html's own style follows the system's theme unless told otherwise
document.documentElement.classList.toggle('light', !dark);
const lang = document.cookie.match(/(?:^|; )language=(ru|en)/)?.[1];
if (lang) document.documentElement.lang = lang;
