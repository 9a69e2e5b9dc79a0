import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/i18n';
import { cx } from '@/ui/cx';
import { useBackCloses } from '@/ui/useBackCloses';
import { MoreIcon, StarIcon } from './icons';
import { RailButton } from './RailButton';
import { FlagIcon, LinkIcon, PaperPlaneIcon, PencilIcon, TrashIcon } from '@/ui/icons-more';

export interface OptionsMenuProps {
  /** the card in my favourites or not, and its toggle; not offered to visitors */
  bookmark?: { marked: boolean; toggle(say: boolean): void } | undefined;
  viewPostUrl: string;
  /** report the postcard; not offered on one's own */
  onReport?: () => void;
  /** only for the postcard's owner */
  onEdit?: () => void;
  onDelete?: () => void;
  /** «Подписать и отправить»: a captioned picture of the postcard (signed-in users, approved postcards) */
  onSign?: () => void;
}

/**
 * The card's options: its «save to collection» is the favourites, named as the
 * favourites and the gallery's menu name it (add, or remove); view post, report (others'
 * postcards); edit and delete for the owner.
 */
export function OptionsMenu({ bookmark, viewPostUrl, onReport, onEdit, onDelete, onSign }: OptionsMenuProps) {
  const { t } = useTranslation('viewer');
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  useBackCloses(open, () => setOpen(false));

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onDown = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        // it closes the menu only (wherever focus is, the menu's button included), not the viewer behind it
        e.preventDefault();
        // the focused item goes with the menu: focus goes back to the menu's button
        box.current?.querySelector<HTMLElement>('[aria-haspopup="menu"]')?.focus();
        setOpen(false);
      }
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
        const i = items.indexOf(document.activeElement as HTMLElement);
        items[(i + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length]?.focus();
      }
      if ((e.key === 'Home' || e.key === 'End') && menu.current?.contains(document.activeElement)) {
        e.preventDefault();
        const items = [...menu.current.querySelectorAll<HTMLElement>('[role="menuitem"]')];
        (e.key === 'Home' ? items[0] : items.at(-1))?.focus();
      }
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const pick = (fn: () => void) => (e: { currentTarget: HTMLElement }) => {
    // the item goes with the menu: a dialog it opens gives focus back to the menu's button
    e.currentTarget.closest('[role="menu"]')?.parentElement?.querySelector<HTMLElement>('[aria-haspopup="menu"]')?.focus();
    setOpen(false);
    fn();
  };
  const item = 'flex w-full items-center gap-3 px-4 py-3 [&>svg]:shrink-0 text-left text-[15px] hover:bg-surface-2 focus:bg-surface-2 focus:outline-none';

  return (
    <div
      ref={box}
      className="relative"
      // Tab out of the menu closes it, as a click elsewhere does
      onBlur={(e) => {
        if (open && !box.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <RailButton label={t('controls.options')} onClick={() => setOpen((o) => !o)} aria-haspopup="menu" aria-expanded={open} testId="options-button">
        <MoreIcon />
      </RailButton>
      {open && (
        <div
          ref={menu}
          role="menu"
          aria-label={t('controls.options')}
          className="absolute bottom-0 right-14 z-20 w-max min-w-56 max-w-[calc(100vw-5rem)] overflow-hidden rounded-2xl border border-border bg-surface py-1 text-text shadow-card"
        >
          {onSign && (
            // its words come with the pictures' texts, loaded as the menu first opens
            <Suspense fallback={null}>
              <SignItem className={item} onClick={pick(onSign)} />
            </Suspense>
          )}
          {bookmark && (
            <button type="button" role="menuitem" className={item} onClick={pick(() => bookmark.toggle(true))}>
              <StarIcon size={18} filled={bookmark.marked} />
              {t(bookmark.marked ? 'options.unbookmark' : 'options.bookmark')}
            </button>
          )}
          <a role="menuitem" className={item} href={viewPostUrl} target="_blank" rel="noopener" onClick={() => setOpen(false)}>
            <LinkIcon size={18} />
            {t('options.viewPost')}
          </a>
          {onReport && (
            <button type="button" role="menuitem" className={item} onClick={pick(onReport)}>
              <FlagIcon size={18} />
              {t('options.report')}
            </button>
          )}
          {onEdit && (
            <button type="button" role="menuitem" className={item} onClick={pick(onEdit)}>
              <PencilIcon size={18} />
              {t('options.edit')}
            </button>
          )}
          {onDelete && (
            <button type="button" role="menuitem" className={cx(item, 'text-danger')} onClick={pick(onDelete)}>
              <TrashIcon size={18} />
              {t('options.delete')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

function SignItem({ className, onClick }: { className: string; onClick: (e: { currentTarget: HTMLElement }) => void }) {
  const { t } = useTranslation('pictures');
  return (
    <button type="button" role="menuitem" className={className} onClick={onClick} data-testid="sign-postcard">
      <PaperPlaneIcon size={18} />
      {t('sign.action')}
    </button>
  );
}
