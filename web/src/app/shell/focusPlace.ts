/* Where a focused control sits, taken as it is focused: it may be gone when the focus needs a new home (focusRescue.ts). */

/** A row of a list: a list item, or a grid tile marked as one. */
export const ROW = 'li, [role="listitem"]';
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The controls of a row a person can reach: a row may draw its actions twice, one set hidden per screen width. */
export const controlsOf = (row: Element) =>
  [...row.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => (el as { checkVisibility?: () => boolean }).checkVisibility?.() ?? true);

/** Where a focused control sat: its list, its row's place in it, and its own place in the row. */
export interface Place {
  control: Element;
  rowElement: Element | null;
  list: Element | null;
  row: number;
  inRow: number;
}

export function placeOf(control: Element): Place {
  const row = control.closest(ROW);
  const list = row?.parentElement ?? null;
  return {
    control,
    rowElement: row,
    list,
    row: list ? Array.prototype.indexOf.call(list.children, row) : -1,
    inRow: row ? controlsOf(row).indexOf(control as HTMLElement) : -1,
  };
}
