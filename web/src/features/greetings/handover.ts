import type { Greeting, GreetingView } from '@otkrytka/contract';

/** The three screens of /greeting/{id}: the intro, the postcard, the greeting itself. */
export type GreetingStage = 'intro' | 'postcard' | 'detail';

/** After the intro comes the postcard, or the greeting itself when there is no postcard. */
export const stageAfterIntro = (g: Greeting): GreetingStage => (g.postcard ? 'postcard' : 'detail');

/**
 * A recipient's first screen (greeting-main.tsx) shows the greeting with React alone and hands it
 * to the whole app once that has loaded: the greeting it read (read once, so one open is counted)
 * and the stage the recipient is on, so the app carries on where the first screen was.
 */
let handed: { id: string; greeting: GreetingView; stage: GreetingStage | undefined; viewer?: number } | null = null;

export function handOver(id: string, greeting: GreetingView, stage: GreetingStage): void {
  handed = { id, greeting, stage };
}

/**
 * The greeting the first screen read, for the app's renders of the same greeting by the viewer who
 * first takes it (`viewer`: the signed-in user's id, 0 for a visitor). Someone who signs in on the
 * page is another viewer, who must read the greeting again: it may be their own.
 */
export function handedGreeting(id: string | undefined, viewer: number): GreetingView | undefined {
  if (!id || handed?.id !== id) return undefined;
  handed.viewer ??= viewer;
  return handed.viewer === viewer ? handed.greeting : undefined;
}

/**
 * The stage to carry on from. Read while the app renders, so it is not used up there: React may
 * discard a first render (a lazy part of the shell still loading) and render the page again.
 */
export function handedStage(id: string | undefined): GreetingStage | undefined {
  return id && handed?.id === id ? handed.stage : undefined;
}

/** Once the app has shown the greeting: a later visit to the same greeting starts from the intro again. */
export function forgetHandedStage(id: string | undefined): void {
  if (id && handed?.id === id) handed.stage = undefined;
}
