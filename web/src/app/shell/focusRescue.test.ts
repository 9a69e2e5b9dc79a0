import { afterEach, describe, expect, it } from 'vitest';
import { placeOf } from './focusPlace';
import { watchFocus } from './focusRescue';

/**
 * The rescue loads on the page's first focus (useFocusRescue), so it starts watching a moment after
 * that focus: what happened to the control meanwhile must not be lost.
 */
let stop = () => {};
afterEach(() => {
  stop();
  document.body.innerHTML = '';
});

function page() {
  document.body.innerHTML = '<main id="main"><h1>Песочница</h1><button type="button">Одобрить</button></main>';
  const button = document.querySelector('button')!;
  button.focus();
  // taken at the focus, as useFocusRescue does
  const first = placeOf(button);
  // the vote: disabled while on its way; a browser drops the focus of a control disabled under it
  button.blur();
  button.disabled = true;
  expect(document.activeElement).toBe(document.body);
  return { main: document.getElementById('main')!, button, first };
}

describe('a button disabled by its own vote right after the first focus gets the focus back when enabled', () => {
  it('the vote still on its way when the rescue has loaded', async () => {
    const { main, button, first } = page();
    stop = watchFocus(main, first);
    button.disabled = false;
    await new Promise((r) => setTimeout(r, 0)); // the observer's turn
    expect(document.activeElement).toBe(button);
  });

  it('the vote back before the rescue has loaded', () => {
    const { main, button, first } = page();
    button.disabled = false;
    stop = watchFocus(main, first);
    expect(document.activeElement).toBe(button);
  });
});
