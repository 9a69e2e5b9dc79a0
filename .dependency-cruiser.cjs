/**
 * Module boundaries of the server (docs/ARCHITECTURE.md, modules). Run by `npm run check`
 * (scripts/check-modules.mjs), which also checks the graph of modules as a whole: no loop among
 * modules and at most four layers of them.
 */
module.exports = {
  forbidden: [
    {
      name: 'module-faces-only',
      comment: "A module imports another module only through its face (index.ts), never its files.",
      severity: 'error',
      from: { path: '^server/src/modules/([^/]+)/' },
      to: { path: '^server/src/modules/[^/]+/', pathNot: ['^server/src/modules/$1/', '^server/src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'outside-uses-faces',
      comment: 'Code outside the modules (app, main, seed) reaches a module only through its face.',
      severity: 'error',
      from: { path: '^server/src/', pathNot: '^server/src/modules/' },
      to: { path: '^server/src/modules/[^/]+/.', pathNot: '^server/src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'foundations-stay-below',
      comment: 'db, http, platform, events, texts, jobs, config and deps stand below the modules: they import none.',
      severity: 'error',
      from: { path: '^server/src/(db|http|platform|events|texts|jobs|config\\.ts|deps\\.ts)' },
      to: { path: '^server/src/(modules|seed|app\\.ts|main\\.ts)' },
    },
    {
      name: 'server-not-web',
      comment: 'The server reads nothing from the web app: shared texts and rules live in contract.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^web/' },
    },
    {
      name: 'no-file-cycles',
      severity: 'error',
      from: { path: '^server/src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'server/tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
