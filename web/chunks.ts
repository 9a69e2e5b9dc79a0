import path from 'node:path';

interface GraphContext {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * Puts everything the first page needs into two chunks (libraries, app) instead of dozens of tiny
 * shared ones: on HTTP/1.1 each extra request of the first load costs a phone a round trip.
 * "The first page" is what `src/main.tsx` imports statically (the shell and the gallery home page);
 * everything reached only through `import()` keeps its own chunks and loads on use.
 */
export function firstLoadChunks(root: string) {
  const entry = path.join(root, 'src/main.tsx');
  let firstLoad: Set<string> | undefined;
  const staticClosure = (ctx: GraphContext) => {
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      ctx.getModuleInfo(id)?.importedIds.forEach(visit);
    };
    visit(entry);
    return seen;
  };
  return {
    groups: [
      {
        name: (id: string, ctx: GraphContext) => {
          firstLoad ??= staticClosure(ctx);
          if (!firstLoad.has(id) || id === entry) return null;
          return /[\\/]node_modules[\\/]/.test(id) ? 'vendor' : 'app';
        },
      },
    ],
  };
}
