import { type KeyboardEvent, lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from '@/i18n';
import { useLocation, useNavigate, useSearchParams } from '@/router';
import { cx } from '@/ui/cx';
import { icon } from '@/ui/icon';
import { CloseIcon } from '@/ui/icons-first';
import { SEARCH_MAX, searchAddress, searchQuery } from './address';

// the suggestions are not part of the gallery's first load: their code loads on the first focus or keystroke
const Suggestions = lazy(() => import('./Suggestions'));

// ui/icons-more (where the app's magnifier lives) is not part of the first load: the gallery's field draws its own
const SearchIcon = icon(
  'SearchIcon',
  <>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M16 16l4.5 4.5" />
  </>,
);

const FIELD = 'h-12 w-full rounded-2xl border border-border bg-surface';

/**
 * The gallery's search field: a plain input that searches the gallery (`/gallery?q=…`, a new
 * history entry, so a search can be shared and Back returns to it), with a clear button. Focused or
 * typed in, it offers suggestions as it goes (a combobox with a listbox, loaded then).
 */
export function SearchBox({ className }: { className?: string }) {
  // its texts load with the first render: until then, a field of the same size holds its place
  return (
    <Suspense fallback={<div aria-hidden="true" className={cx(FIELD, className)} />}>
      <Box className={className} />
    </Suspense>
  );
}

function Box({ className }: { className?: string }) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const inAddress = searchQuery(params);
  const [value, setValue] = useState(inAddress);
  // the address changed (Back, Forward, a suggestion picked): the field says what it searches
  const [shown, setShown] = useState(inAddress);
  if (shown !== inAddress) {
    setShown(inAddress);
    setValue(inAddress);
  }
  const [wanted, setWanted] = useState(false); // the suggestions' code is asked for
  const [open, setOpen] = useState(false);
  const [combo, setCombo] = useState<{ expanded: boolean; activeId?: string | undefined }>({ expanded: false });
  const keys = useRef<((e: KeyboardEvent<HTMLInputElement>) => void) | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const listId = `${id}-list`;

  const go = (to: string) => {
    setOpen(false);
    const here = `${location.pathname}${location.search}`;
    if (to !== here) navigate(to);
    // a phone's keyboard would cover the results
    if (window.matchMedia?.('(pointer: coarse)').matches) input.current?.blur();
  };
  const takeKeys = (handler: ((e: KeyboardEvent<HTMLInputElement>) => void) | null) => {
    keys.current = handler;
  };
  const wake = () => {
    setWanted(true);
    setOpen(true);
  };

  return (
    <form
      role="search"
      className={cx('relative', className)}
      onSubmit={(e) => {
        e.preventDefault();
        go(searchAddress(params, { q: value }));
      }}
    >
      <label htmlFor={id} className="sr-only">
        {t('label')}
      </label>
      <SearchIcon size={20} strokeWidth={2} className="pointer-events-none absolute left-4 top-1/2 -translate-y-1/2 text-muted" />
      <input
        ref={input}
        id={id}
        type="search"
        role="combobox"
        enterKeyHint="search"
        autoComplete="off"
        spellCheck={false}
        maxLength={SEARCH_MAX}
        aria-autocomplete="list"
        aria-expanded={combo.expanded}
        aria-controls={combo.expanded ? listId : undefined}
        aria-activedescendant={combo.expanded ? combo.activeId : undefined}
        placeholder={t('label')}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          wake();
        }}
        onFocus={wake}
        onClick={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => keys.current?.(e)}
        className={cx(
          FIELD,
          'pl-12 text-[16px] text-text shadow-card outline-none transition-colors placeholder:text-muted focus:border-primary focus:ring-4 focus:ring-primary/15',
          '[&::-webkit-search-cancel-button]:hidden [&::-webkit-search-cancel-button]:appearance-none [&::-webkit-search-decoration]:appearance-none',
          value ? 'pr-12' : 'pr-4',
        )}
      />
      {value && (
        <button
          type="button"
          aria-label={t('clear')}
          title={t('clear')}
          onClick={() => {
            setValue('');
            input.current?.focus();
            // a search shown is dropped with its words: the whole gallery again
            if (inAddress) navigate(searchAddress(params, {}), { replace: true });
          }}
          className="tap-44 absolute right-2 top-1/2 inline-flex h-9 w-9 -translate-y-1/2 items-center justify-center rounded-full text-muted transition-colors hover:bg-primary-soft hover:text-primary focus-visible:text-primary"
        >
          <CloseIcon size={18} strokeWidth={2.2} />
        </button>
      )}
      {wanted && (
        <Suspense fallback={null}>
          <Suggestions value={value} open={open} listId={listId} onKeys={takeKeys} onOpen={setOpen} onCombo={setCombo} onPick={go} onClear={() => setValue('')} />
        </Suspense>
      )}
    </form>
  );
}
