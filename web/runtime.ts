/**
 * The app is written against React's API and ships on Preact (preact/compat): the same components
 * at about a tenth of the runtime's bytes — react-dom alone was half of every page's first load,
 * more than the whole budget of the greeting page a recipient opens first. Every import of
 * react / react-dom resolves here, in the build, the dev server and the web tests alike, so what
 * is tested is what ships.
 */
export const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];
