import { useId, useRef, useState } from 'react';
import { useTranslation } from '@/i18n';
import { useLocation, useNavigate, useSearchParams } from '@/router';
import { Button } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { CloseIcon } from '@/ui/icons-first';
import { SearchIcon } from '@/ui/icons-more';
import { EmptyState } from '@/ui/States';
import { SEARCH_MAX, searchQuery } from '@/features/search/address';

/** The channel page's address with the search `q` (none: the whole channel); the category chosen stays. */
export function channelSearchAddress(pathname: string, params: URLSearchParams, q: string): string {
  const p = new URLSearchParams(params);
  p.delete('q');
  const words = q.trim().slice(0, SEARCH_MAX);
  if (words) p.set('q', words);
  const s = p.toString();
  return s ? `${pathname}?${s}` : pathname;
}

/**
 * The channel page's search field (loaded with the page, apart from it): the words sent live in
 * the address (`?q=…`, a new history entry, so Back returns to the channel), a clear button drops
 * them. The channel's search finds approved postcards only (docs/PRODUCT-RULES.md).
 */
export default function ChannelSearch({ className }: { className?: string }) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const inAddress = searchQuery(params);
  const [value, setValue] = useState(inAddress);
  // the address changed (Back, Forward): the field says what it searches
  const [shown, setShown] = useState(inAddress);
  if (shown !== inAddress) {
    setShown(inAddress);
    setValue(inAddress);
  }
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  return (
    <form
      role="search"
      className={cx('relative', className)}
      onSubmit={(e) => {
        e.preventDefault();
        if (value.trim() === inAddress) return;
        navigate(channelSearchAddress(pathname, params, value));
        // a phone's keyboard would cover the results
        if (window.matchMedia?.('(pointer: coarse)').matches) input.current?.blur();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {t('label')}
      </label>
      <SearchIcon size={18} strokeWidth={2} className="pointer-events-none absolute left-3.5 top-1/2 -translate-y-1/2 text-muted" />
      <input
        ref={input}
        id={id}
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        spellCheck={false}
        maxLength={SEARCH_MAX}
        placeholder={t('label')}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && value) {
            e.preventDefault();
            setValue('');
          }
        }}
        className={cx(
          'h-11 w-full rounded-2xl border border-border bg-surface pl-11 text-[16px] text-text outline-none transition-colors placeholder:text-muted focus:border-primary focus:ring-4 focus:ring-primary/15',
          '[&::-webkit-search-cancel-button]:hidden [&::-webkit-search-cancel-button]:appearance-none [&::-webkit-search-decoration]:appearance-none',
          value ? 'pr-11' : 'pr-4',
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
            // the results shown are dropped with their words: the whole channel again
            if (inAddress) navigate(channelSearchAddress(pathname, params, ''), { replace: true });
          }}
          className="tap-44 absolute right-1.5 top-1/2 inline-flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded-full text-muted transition-colors hover:bg-primary-soft hover:text-primary focus-visible:text-primary"
        >
          <CloseIcon size={16} strokeWidth={2.2} />
        </button>
      )}
    </form>
  );
}

/** Over the postcards a channel's search found: what it searched for, and how many it found. */
export function ChannelSearchHeading({ q, total }: { q: string; total: number }) {
  // the search namespace's texts are part of the gallery's first script: this reuses them and the channel's count
  const { t } = useTranslation(['search', 'channels']);
  return (
    <h2 className="mb-3 break-words text-base font-semibold leading-6">
      {t('results', { q })} · <span className="whitespace-nowrap">{t('channels:counts.postcards', { count: total, n: total })}</span>
    </h2>
  );
}

/** A channel's search that found nothing: says so, and offers the whole channel. */
export function ChannelSearchEmpty({ q }: { q: string }) {
  const { t } = useTranslation(['search', 'channels']);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  return (
    <EmptyState
      icon={<SearchIcon />}
      title={t('empty.title', { q })}
      text={t('empty.hint')}
      action={
        <Button variant="secondary" onClick={() => navigate(channelSearchAddress(pathname, params, ''))}>
          {t('channels:channel.showAll')}
        </Button>
      }
    />
  );
}
