import type { Suggestion } from '@otkrytka/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from '@/i18n';
import { useSearchParams } from '@/router';
import { CalendarIcon, SearchIcon, TagIcon } from '@/ui/icons-more';
import { cx } from '@/ui/cx';
import { isPicking, searchAddress } from './address';
import { suggestionsQuery } from './suggestionsQuery';

/** How long typing may pause before the suggestions are asked for what is typed. */
export const SUGGEST_DELAY_MS = 150;

export interface SuggestionsProps {
  /** what the field says */
  value: string;
  /** the field has the focus: the list shows when it has something to offer */
  open: boolean;
  listId: string;
  /** takes the field's keys (arrows, Enter, Escape) */
  onKeys(handler: ((e: KeyboardEvent<HTMLInputElement>) => void) | null): void;
  onOpen(open: boolean): void;
  /** what the field says of the list: expanded, and the option the arrows are on */
  onCombo(state: { expanded: boolean; activeId?: string | undefined }): void;
  /** go to an address (a suggestion picked) */
  onPick(to: string): void;
  /** Escape with the list closed empties the field */
  onClear(): void;
}

const ICONS = { category: TagIcon, holiday: CalendarIcon, query: SearchIcon } as const;

/**
 * The suggestions under the gallery's search field, in the reader's language: categories,
 * holidays and frequent searches for what is typed (frequent searches and the coming holidays for
 * an empty field). A listbox the field controls: ↓ and ↑ move through it (and round), Enter picks,
 * Escape closes it (and, closed, empties the field); a pointer picks without taking the focus.
 */
export default function Suggestions({ value, open, listId, onKeys, onOpen, onCombo, onPick, onClear }: SuggestionsProps) {
  const { t, i18n } = useTranslation('search');
  const [params] = useSearchParams();
  const typed = useSettled(value.trim(), SUGGEST_DELAY_MS);
  const query = useQuery({ ...suggestionsQuery(typed, i18n.language), placeholderData: keepPreviousData });
  const items = query.data?.suggestions ?? [];
  // what the arrows' option belongs to: these suggestions for these words
  const listKey = `${value}\n${items.map((s) => `${s.kind}:${s.text}`).join('|')}`;

  // the arrows' option: none until an arrow is pressed, and none again when the words or the list change
  const [active, setActive] = useState<{ list: string; index: number }>({ list: listKey, index: -1 });
  const index = active.list === listKey ? active.index : -1;
  const expanded = open && items.length > 0;
  const activeId = expanded && index >= 0 ? `${listId}-${index}` : undefined;

  useEffect(() => onCombo({ expanded, activeId }), [onCombo, expanded, activeId]);
  useEffect(() => () => onCombo({ expanded: false }), [onCombo]);

  const pick = (s: Suggestion) => {
    if (s.kind === 'category' && s.category_id !== undefined) onPick(searchAddress(params, { category: s.category_id }));
    // picking a postcard for a greeting, a holiday searches the gallery for it instead of leaving it
    else if (s.kind === 'holiday' && s.holiday_id !== undefined && !isPicking(params)) onPick(`/holiday/${encodeURIComponent(s.holiday_id)}`);
    else onPick(searchAddress(params, { q: s.text }));
  };
  const move = (by: 1 | -1) => {
    if (!expanded) {
      onOpen(true);
      setActive({ list: listKey, index: by === 1 ? 0 : items.length - 1 });
      return;
    }
    const next = index < 0 ? (by === 1 ? 0 : items.length - 1) : (index + by + items.length) % items.length;
    setActive({ list: listKey, index: next });
    document.getElementById(`${listId}-${next}`)?.scrollIntoView?.({ block: 'nearest' });
  };

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (items.length === 0) return;
      e.preventDefault();
      move(e.key === 'ArrowDown' ? 1 : -1);
    } else if (e.key === 'Enter' && expanded && index >= 0) {
      e.preventDefault();
      pick(items[index]!);
    } else if (e.key === 'Escape') {
      if (expanded) {
        e.preventDefault();
        onOpen(false);
      } else if (value) {
        e.preventDefault();
        onClear();
      }
    }
  };
  useLayoutEffect(() => {
    onKeys(onKey);
    return () => onKeys(null);
  });

  return (
    <>
      {expanded && (
        <ul
          id={listId}
          role="listbox"
          aria-label={t('suggestions')}
          className="absolute inset-x-0 top-full z-20 mt-2 max-h-[min(24rem,60dvh)] overflow-y-auto overscroll-contain rounded-2xl border border-border bg-surface p-1.5 shadow-float"
        >
          {items.map((s, i) => {
            const Icon = ICONS[s.kind];
            return (
              <li
                key={`${s.kind}:${s.text}:${i}`}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === index}
                // the field keeps the focus (and the phone its keyboard) while a pointer picks
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(s)}
                onMouseMove={() => i !== index && setActive({ list: listKey, index: i })}
                className={cx('flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 py-2', i === index && 'bg-surface-2')}
              >
                <span aria-hidden="true" className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
                  <Icon size={16} strokeWidth={2} />
                </span>
                {/* on a phone the kind goes under the text, which keeps the width */}
                <span className="min-w-0 flex-1 sm:flex sm:items-center sm:gap-3">
                  <span className="block truncate text-[15px] sm:flex-1">
                    <Marked text={s.text} mark={typed} />
                  </span>
                  <span className="block text-xs text-muted sm:shrink-0">{t(`kind.${s.kind}`)}</span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <p role="status" className="sr-only">
        {expanded ? t('count', { count: items.length }) : ''}
      </p>
    </>
  );
}

/** The suggestion with the typed words' first match in bold. */
function Marked({ text, mark }: { text: string; mark: string }) {
  const at = mark ? text.toLocaleLowerCase().indexOf(mark.toLocaleLowerCase()) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <strong className="font-bold">{text.slice(at, at + mark.length)}</strong>
      {text.slice(at + mark.length)}
    </>
  );
}

/** `value` once it has stayed the same for `ms` (at once when it is emptied). */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (value === settled) return;
    const timer = setTimeout(() => setSettled(value), value ? ms : 0);
    return () => clearTimeout(timer);
  }, [value, settled, ms]);
  return settled;
}
