import { controlsOf, type Place, placeOf, ROW } from './focusPlace';

/**
 * The control a removed one's place now offers: in its own row if only the control went (a
 * claimed reward's button), else the same control of the row that moved up into the removed
 * row's place (or of the new last row).
 */
function successorOf({ rowElement, list, row, inRow }: Place): HTMLElement | null {
  if (!list?.isConnected || row < 0) return null;
  const rows = [...list.children].filter((child) => child.matches(ROW));
  const next = rowElement?.isConnected ? rowElement : rows[Math.min(row, rows.length - 1)];
  if (!next) return null;
  const controls = controlsOf(next);
  return controls[Math.min(Math.max(inRow, 0), controls.length - 1)] ?? null;
}

/**
 * When the focused control leaves the page (its row deleted, its card voted away, the page
 * replaced) the browser drops the focus to <body>, and a keyboard or screen-reader user starts
 * again from the top. This hands it on a frame later, and only if nothing else took the focus
 * meanwhile (a dialog handing it back, say): to the same control of the list row that took the
 * removed row's place, else to the page's heading (else to `main` itself). `first` is where the
 * control focused when the watch began sat (it may have left while this loaded). Returns the stop.
 */
export function watchFocus(main: HTMLElement, first: Place): () => void {
  let last: Place | null = first;
  const onFocusIn = (e: FocusEvent) => {
    last = placeOf(e.target as Element);
  };
  const lost = () => {
    const active = document.activeElement;
    return !active || active === document.body;
  };
  let frame = 0;
  const rescue = () => {
    if (!last || last.control.isConnected || !lost()) return;
    const successor = main.contains(last.list) ? successorOf(last) : null;
    if (successor) return successor.focus();
    const heading = main.querySelector<HTMLElement>('h1') ?? main;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  };
  // a focused button disabled while it works (loading, a vote on its way) drops the focus too:
  // it gets it back when it is enabled again, if the focus has not gone anywhere meanwhile
  let stranded: HTMLElement | null = null;
  const observer = new MutationObserver(() => {
    if (!last) return;
    const control = last.control as HTMLElement;
    if (control.isConnected) {
      if (control.matches(':disabled')) stranded = control;
      else if (stranded === control) {
        stranded = null;
        if (lost()) control.focus();
      }
      return;
    }
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(rescue);
  });
  document.addEventListener('focusin', onFocusIn);
  // while this loaded, the first control may have left (rescued a frame later, as ever), or been
  // disabled (a vote on its way: it gets the focus back when enabled), or disabled and enabled
  // again, leaving the focus on <body>: it is handed back at once
  const control = first.control as HTMLElement;
  if (!control.isConnected) frame = requestAnimationFrame(rescue);
  else if (control.matches(':disabled')) stranded = control;
  else if (lost()) control.focus();
  observer.observe(main, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
  return () => {
    cancelAnimationFrame(frame);
    observer.disconnect();
    document.removeEventListener('focusin', onFocusIn);
  };
}
