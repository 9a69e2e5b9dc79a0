import type { Greeting } from '@otkrytka/contract';
import { describe, expect, it } from 'vitest';
import { forgetHandedStage, handedGreeting, handedStage, handOver, stageAfterIntro } from './handover';

const greeting = { id: 'g1', sealed: false, postcard: { id: 1 } } as unknown as Greeting;

describe("the greeting's first screen hands over to the app", () => {
  it('the app gets the greeting read already, and carries on from the stage once', () => {
    handOver('g1', greeting, 'postcard');
    expect(handedGreeting('g1', 0)).toBe(greeting);
    expect(handedGreeting('other', 0)).toBeUndefined();
    expect(handedStage('other')).toBeUndefined();
    // reading it does not use it up (a render React discards reads it too)
    expect(handedStage('g1')).toBe('postcard');
    expect(handedStage('g1')).toBe('postcard');
    forgetHandedStage('other');
    expect(handedStage('g1')).toBe('postcard');
    // once the app has shown it, a later visit to the same greeting starts from the intro again
    forgetHandedStage('g1');
    expect(handedStage('g1')).toBeUndefined();
    expect(handedGreeting('g1', 0)).toBe(greeting);
  });

  it('only to the viewer who took it: someone who signs in on the page reads the greeting again', () => {
    handOver('g1', greeting, 'intro');
    expect(handedGreeting('g1', 0)).toBe(greeting);
    // the visitor signed in (as the sender, say): their answer may differ
    expect(handedGreeting('g1', 42)).toBeUndefined();
    expect(handedGreeting('g1', 0)).toBe(greeting);
  });

  it('after the intro comes the postcard, or the greeting itself without one', () => {
    expect(stageAfterIntro(greeting)).toBe('postcard');
    expect(stageAfterIntro({ ...greeting, postcard: null })).toBe('detail');
  });
});
