import path from 'node:path';

interface GraphContext {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * Puts everything a first page needs into a few chunks instead of dozens of tiny shared ones: on
 * HTTP/1.1 each extra request of the first load costs a phone a round trip. There are two first
 * pages:
 * - the app (`src/main.tsx`: the shell and the gallery home page): `react`, `core`, `vendor`, `app`;
 * - a recipient's greeting (`src/greeting-main.tsx`): `react` and `core`, the part the app shares
 *   with it, and `stages`, the greeting's screens (which the app loads with its greeting page) —
 *   so the greeting never loads the router, the query cache or the shell.
 * Everything reached only through `import()` keeps its own chunks and loads on use.
 */
export function firstLoadChunks(root: string) {
  const app = path.join(root, 'src/main.tsx');
  const greeting = path.join(root, 'src/greeting-main.tsx');
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
  const chunkOf = (id: string, ctx: GraphContext) => {
    closures ??= { app: staticClosure(ctx, app), greeting: staticClosure(ctx, greeting) };
    if (id === app || id === greeting) return null;
    const library = /[\\/]node_modules[\\/]/.test(id);
    if (!closures.app.has(id)) return closures.greeting.has(id) && !library ? 'stages' : null;
    if (closures.greeting.has(id)) return library ? 'react' : 'core';
    return library ? 'vendor' : 'app';
  };
  // a group takes its modules' imports along; the groups the greeting shares come first, so they keep theirs
  return {
    groups: ['react', 'core', 'stages', 'vendor', 'app'].map((name, i) => ({
      name: (id: string, ctx: GraphContext) => (chunkOf(id, ctx) === name ? name : null),
      priority: 5 - i,
    })),
  };
}

interface BundleChunk {
  type: string;
  imports?: readonly string[];
}

/**
 * Trims what a dynamic import preloads to the chunks its importer has not loaded already. Vite
 * lists with every `import()` all the chunks the imported one needs, so the app chunk carried,
 * for each page, the first load's own chunks (`react`, `core`, `vendor`…), which are always there
 * by then: a chunk runs only after its static imports. The lists are written into the importing
 * chunk, and are most of the bytes its page table costs.
 */
export function preloadOnlyMissing() {
  let bundle: Record<string, BundleChunk> = {};
  const loaded = new Map<string, Set<string>>();
  // the chunks a chunk statically imports, all the way down (they ran before it)
  const loadedWith = (file: string) => {
    let seen = loaded.get(file);
    if (seen) return seen;
    seen = new Set<string>();
    const visit = (f: string) => {
      if (seen!.has(f)) return;
      seen!.add(f);
      bundle[f]?.imports?.forEach(visit);
    };
    visit(file);
    loaded.set(file, seen);
    return seen;
  };
  return {
    /** a plugin that keeps the bundle in view (its generateBundle runs before Vite writes the lists) */
    plugin: {
      name: 'otkrytka-preload-only-missing',
      apply: 'build' as const,
      generateBundle(_: unknown, b: Record<string, BundleChunk>) {
        bundle = b;
        loaded.clear();
      },
    },
    resolveDependencies: (_file: string, deps: string[], { hostId }: { hostId: string }) => {
      const have = loadedWith(hostId);
      return deps.filter((d) => !have.has(d));
    },
  };
}
