import type { Deps } from '../deps';

/** Demo postcards, categories and pending sandbox cards (filled in by the postcards module). */
export async function seedDemoContent(_deps: Deps): Promise<void> {}
