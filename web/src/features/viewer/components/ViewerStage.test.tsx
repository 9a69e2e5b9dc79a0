import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ViewerCard } from '../types';
import { ViewerStage } from './ViewerStage';

const card = (id: number): ViewerCard =>
  ({
    id,
    image_url: `/media/${id}.png`,
    viewer_url: null,
    media_kind: 'image',
    title: `Открытка ${id}`,
    description: null,
    file_name: `${id}.png`,
    likes_count: 0,
    is_approved: true,
    is_banned: false,
  }) as unknown as ViewerCard;

const cards = [card(1), card(2), card(3)];

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The stage as the viewer page drives it: a settled move makes the new index the one on screen. */
function Harness({ start, onSettle, follow, onEscape }: { start: number; onSettle: (i: number) => void; follow: boolean; onEscape?: () => void }) {
  const [index, setIndex] = useState(start);
  return (
    <ViewerStage
      cards={cards}
      index={index}
      sound={false}
      onEscape={onEscape}
      onSettle={(i) => {
        onSettle(i);
        if (follow) setIndex(i);
      }}
    />
  );
}

/** `follow: false` is a page that refuses the move (its list changed under the slide). */
function mount(start: number, follow = true) {
  const onSettle = vi.fn();
  const onEscape = vi.fn();
  render(<Harness start={start} onSettle={onSettle} follow={follow} onEscape={onEscape} />);
  return { onSettle, onEscape, stage: screen.getByTestId('viewer-stage') };
}
const activeId = () => document.querySelector('[data-active]')?.getAttribute('data-card-id');

const key = (k: string, target: Element = document.body) => fireEvent.keyDown(target, { key: k });
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const touches = (y: number) => ({ touches: [{ clientX: 100, clientY: y }], changedTouches: [{ clientX: 100, clientY: y }] });
function drag(el: HTMLElement, from: number, to: number) {
  fireEvent.touchStart(el, touches(from));
  fireEvent.touchMove(el, touches((from + to) / 2));
  fireEvent.touchMove(el, touches(to));
  fireEvent.touchEnd(el, touches(to));
}

describe('viewer stage', () => {
  it('mounts the card on screen and both neighbours, so a move shows a picture that is already loaded', () => {
    mount(1);
    const ids = [...document.querySelectorAll('[data-card-id]')].map((el) => el.getAttribute('data-card-id'));
    expect(ids).toEqual(['1', '2', '3']);
    expect(activeId()).toBe('2');
  });

  it('moves with the arrow keys: down and right to the next card, up and left to the previous one, after the 350 ms slide', async () => {
    const { onSettle } = mount(0);
    key('ArrowDown');
    await wait(349);
    expect(onSettle).not.toHaveBeenCalled();
    expect(activeId()).toBe('1');
    await wait(1);
    expect(onSettle).toHaveBeenLastCalledWith(1);
    expect(activeId()).toBe('2');
    key('ArrowRight');
    await wait(350);
    expect(activeId()).toBe('3');
    key('ArrowUp');
    await wait(350);
    expect(activeId()).toBe('2');
    key('ArrowLeft');
    await wait(350);
    expect(activeId()).toBe('1');
    expect(onSettle.mock.calls).toEqual([[1], [2], [1], [0]]);
  });

  it('ignores input while a slide runs: a press the other way inside the 350 ms does not win', async () => {
    const { onSettle } = mount(1);
    key('ArrowDown');
    await wait(150);
    key('ArrowUp');
    await wait(1000);
    expect(onSettle.mock.calls).toEqual([[2]]);
    expect(activeId()).toBe('3');
    // once the new card is on screen the keys work again
    key('ArrowUp');
    await wait(350);
    expect(activeId()).toBe('2');
  });

  it('unlocks when the page does not take the move, instead of freezing', async () => {
    const { onSettle } = mount(1, false);
    key('ArrowDown');
    await wait(350);
    key('ArrowDown');
    await wait(350);
    expect(onSettle.mock.calls).toEqual([[2], [2]]);
    expect(activeId()).toBe('2');
  });

  it('stays put at either end', async () => {
    const first = mount(0);
    key('ArrowUp');
    await wait(1000);
    expect(first.onSettle).not.toHaveBeenCalled();
    cleanup();
    const last = mount(2);
    key('ArrowDown');
    await wait(1000);
    expect(last.onSettle).not.toHaveBeenCalled();
  });

  it('leaves the keys to text fields, menus and open dialogs', async () => {
    const { onSettle } = mount(1);
    const input = document.createElement('input');
    document.body.append(input);
    key('ArrowDown', input);
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    document.body.append(dialog);
    key('ArrowDown');
    await wait(1000);
    expect(onSettle).not.toHaveBeenCalled();
    // a closed drawer marked inert does not count as an open dialog
    dialog.setAttribute('inert', '');
    key('ArrowDown');
    await wait(350);
    expect(onSettle).toHaveBeenCalledWith(2);
    input.remove();
    dialog.remove();
  });

  it('Escape leaves the viewer, unless a menu, a field or a dialog has the keys', () => {
    const { onEscape } = mount(1);
    const menu = document.createElement('div');
    menu.setAttribute('role', 'menu');
    const item = document.createElement('button');
    menu.append(item);
    document.body.append(menu);
    key('Escape', item);
    const input = document.createElement('input');
    document.body.append(input);
    key('Escape', input);
    expect(onEscape).not.toHaveBeenCalled();
    key('Escape');
    expect(onEscape).toHaveBeenCalledTimes(1);
    menu.remove();
    input.remove();
  });

  it('moves on a wheel delta over 30, once per gesture', async () => {
    const { onSettle, stage } = mount(1);
    fireEvent.wheel(stage, { deltaY: 30 });
    await wait(1000);
    expect(onSettle).not.toHaveBeenCalled();
    fireEvent.wheel(stage, { deltaY: 31 });
    // the rest of the same gesture (a trackpad's inertia) moves nothing, during the slide or after it
    for (let i = 0; i < 16; i++) {
      await wait(50);
      fireEvent.wheel(stage, { deltaY: i < 8 ? 60 : -60 });
    }
    expect(activeId()).toBe('3');
    await wait(500); // the gesture is over
    fireEvent.wheel(stage, { deltaY: -80 });
    await wait(350);
    expect(activeId()).toBe('2');
    expect(onSettle.mock.calls).toEqual([[2], [1]]);
  });

  it('moves on a vertical swipe over 50 px and springs back from a shorter one', async () => {
    const { onSettle, stage } = mount(1);
    drag(stage, 400, 355); // 45 px up: not a swipe
    await wait(1000);
    expect(onSettle).not.toHaveBeenCalled();
    drag(stage, 400, 340); // 60 px up: next
    await wait(350);
    expect(activeId()).toBe('3');
    drag(stage, 300, 360); // 60 px down: previous
    await wait(350);
    expect(activeId()).toBe('2');
    expect(onSettle.mock.calls).toEqual([[2], [1]]);
  });
  it('lands on the card it slid to when the list grows at the front during the slide (a window loading the cards before)', async () => {
    const onSettle = vi.fn();
    const earlier = [card(97), card(98), card(99)];
    const { rerender } = render(<ViewerStage cards={cards} index={1} sound={false} onSettle={onSettle} />);
    key('ArrowUp'); // from card 2 towards card 1
    await wait(100);
    // the cards before the window arrive mid-slide: card 2 is now at index 4, card 1 at 3
    rerender(<ViewerStage cards={[...earlier, ...cards]} index={4} sound={false} onSettle={onSettle} />);
    await wait(300);
    expect(onSettle).toHaveBeenCalledTimes(1);
    expect(onSettle).toHaveBeenLastCalledWith(3);
  });
});
