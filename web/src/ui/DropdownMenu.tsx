import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { cx } from './cx';

export interface MenuItem {
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
  danger?: boolean;
  disabled?: boolean;
}

/**
 * A button that opens a small menu of actions. Keyboard: Enter/Space/ArrowDown open it, arrows,
 * Home and End move, Escape closes and returns focus to the button; Tab closes it and goes on to
 * the next control after the button, as does a click outside.
 */
/** `min-w-52` of the menu */
const MENU_MIN_WIDTH_PX = 208;

export function DropdownMenu({
  label,
  items,
  children,
  align = 'right',
  buttonClassName,
}: {
  label: string;
  items: MenuItem[];
  children: ReactNode;
  align?: 'left' | 'right';
  buttonClassName?: string;
}) {
  const [open, setOpen] = useState(false);
  const [side, setSide] = useState(align);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const close = (focus = true) => {
    setOpen(false);
    if (focus) button.current?.focus();
  };
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    root.current?.querySelector<HTMLElement>('[role="menuitem"]:not([disabled])')?.focus();
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);
  const move = (dir: 1 | -1 | 'first' | 'last') => {
    const all = [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])') ?? [])];
    const i = all.indexOf(document.activeElement as HTMLElement);
    all[dir === 'first' ? 0 : dir === 'last' ? all.length - 1 : (i + dir + all.length) % all.length]?.focus();
  };
  const show = () => {
    // a menu that would run past the left edge of the page's content (under the rail, off the
    // screen) opens to the right of its button instead
    const right = button.current?.getBoundingClientRect().right ?? 0;
    const contentLeft = document.getElementById('main')?.getBoundingClientRect().left ?? 0;
    setSide(align === 'right' && right - MENU_MIN_WIDTH_PX < contentLeft + 8 ? 'left' : align);
    setOpen(true);
  };
  return (
    <div ref={root} className="relative inline-flex" onClick={(e) => e.stopPropagation()}>
      <button
        ref={button}
        type="button"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(e) => {
          e.preventDefault();
          if (open) setOpen(false);
          else show();
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            show();
          }
        }}
        className={cx('tap-44 inline-flex h-10 w-10 items-center justify-center rounded-full text-text transition-colors hover:bg-surface-2', buttonClassName)}
      >
        {children}
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          // the focus went on elsewhere (Tab, Shift+Tab): it closes, and no stale menu covers the next control.
          // A blur to nowhere is left alone: Safari blurs a tapped item before its click (outside taps close it above)
          onBlur={(e) => {
            if (e.relatedTarget && !e.currentTarget.contains(e.relatedTarget as Node)) setOpen(false);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              close();
            } else if (e.key === 'ArrowDown') {
              e.preventDefault();
              move(1);
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              move(-1);
            } else if (e.key === 'Home' || e.key === 'End') {
              e.preventDefault();
              move(e.key === 'Home' ? 'first' : 'last');
            }
          }}
          className={cx(
            'absolute top-full z-[900] mt-1 min-w-52 overflow-hidden rounded-2xl border border-border bg-surface py-1.5 shadow-card',
            side === 'right' ? 'right-0' : 'left-0',
          )}
        >
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              // the arrows move between items; Tab leaves the menu
              tabIndex={-1}
              disabled={item.disabled}
              onClick={(e) => {
                e.preventDefault();
                close();
                item.onSelect();
              }}
              className={cx(
                'flex w-full items-center gap-3 px-4 py-2.5 text-left text-[15px] outline-none transition-colors hover:bg-surface-2 focus-visible:bg-surface-2 disabled:opacity-50',
                item.danger ? 'text-danger' : 'text-text',
              )}
            >
              {item.icon && <span className="shrink-0 opacity-80">{item.icon}</span>}
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
