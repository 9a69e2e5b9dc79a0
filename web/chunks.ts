import path from 'node:path';

interface GraphContext {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * Puts everything a first page needs into a few chunks instead of dozens of tiny shared ones: on
 * HTTP/1.1 each extra request of the first load costs a phone a round trip. There are two first
 * pages, each an entry: `src/main.tsx` (the shell and the gallery home page, index.html) and
 * `src/greeting-main.tsx` (the greeting a recipient opens, greeting.html). What both import
 * statically goes to `vendor`, what only the app imports to `app`, what only the greeting imports
 * to `greeting`; everything reached only through `import()` keeps its own chunks and loads on use.
 */
export function firstLoadChunks(root: string) {
  const appEntry = path.join(root, 'src/main.tsx');
  const greetingEntry = path.join(root, 'src/greeting-main.tsx');
  let closures: { app: Set<string>; greeting: Set<string> } | undefined;
  const staticClosure = (ctx: GraphContext, entry: string) => {
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      ctx.getModuleInfo(id)?.importedIds.forEach(visit);
    };
    visit(entry);
    return seen;
  };
  const side = (id: string, ctx: GraphContext): 'both' | 'app' | 'greeting' | null => {
    closures ??= { app: staticClosure(ctx, appEntry), greeting: staticClosure(ctx, greetingEntry) };
    if (id === appEntry || id === greetingEntry) return null;
    const inApp = closures.app.has(id);
    const inGreeting = closures.greeting.has(id);
    return inApp && inGreeting ? 'both' : inApp ? 'app' : inGreeting ? 'greeting' : null;
  };
  // the shared chunk first (highest priority), so the others do not pull shared modules in with
  // their dependencies
  return {
    groups: [
      { priority: 3, name: (id: string, ctx: GraphContext) => (side(id, ctx) === 'both' ? 'vendor' : null) },
      { priority: 2, name: (id: string, ctx: GraphContext) => (side(id, ctx) === 'greeting' ? 'greeting' : null) },
      { priority: 1, name: (id: string, ctx: GraphContext) => (side(id, ctx) === 'app' ? 'app' : null) },
    ],
  };
}
