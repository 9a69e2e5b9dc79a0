import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from '@/i18n';
import { cx } from '@/ui/cx';
import { CheckIcon } from '@/ui/icons';
import { SearchIcon } from '@/ui/icons-more';
import { Modal } from '@/ui/Modal';
import { allZones, zoneCity, zoneName, zoneOffset } from '../extra';

interface ZoneOption {
  zone: string;
  /** the city, when we can name it in the reader's language */
  city: string | null;
  name: string;
  /** the IANA name as words: "America/New York" */
  place: string;
  offset: string;
  /** what a search looks in (lower case) */
  haystack: string;
}

const minutesOf = (offset: string) => {
  const m = /([+−])(\d{2}):(\d{2})/.exec(offset);
  return m ? (m[1] === '−' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
};

/**
 * Choosing a time zone: a search box over every zone the browser knows (by city, by the zone's
 * name in either language); without a search, the zones whose cities we name first (Russia's and
 * its neighbours'), then the rest, each from the westmost. It opens at the zone chosen now; the
 * arrow keys and Enter choose from the box.
 */
export function ZonePicker({ open, value, onPick, onClose }: { open: boolean; value: string; onPick: (zone: string) => void; onClose: () => void }) {
  const { t } = useTranslation('calendar');
  return (
    <Modal open={open} onClose={onClose} title={t('timeZone.pickTitle')} initialFocus="input" className="sm:max-w-lg">
      <ZoneSearch value={value} onPick={onPick} />
    </Modal>
  );
}

function ZoneSearch({ value, onPick }: { value: string; onPick: (zone: string) => void }) {
  const { t, i18n } = useTranslation('calendar');
  const listId = useId();
  const [query, setQuery] = useState('');
  const list = useRef<HTMLUListElement>(null);
  const options = useMemo<ZoneOption[]>(() => {
    const now = new Date();
    return allZones()
      .map((zone) => {
        const name = zoneName(zone, i18n.language, t, now);
        const city = zoneCity(zone, i18n.language);
        const place = zone.replace(/_/g, ' ');
        const offset = zoneOffset(zone, now);
        // found by the words of either language
        const other = `${zoneName(zone, i18n.language === 'en' ? 'ru' : 'en', t, now)} ${zoneCity(zone, i18n.language === 'en' ? 'ru' : 'en') ?? ''}`;
        return { zone, city, name, place, offset, haystack: `${city ?? ''} ${place} ${name} ${other} ${offset}`.toLocaleLowerCase() };
      })
      .sort((a, b) => Number(!a.city) - Number(!b.city) || minutesOf(a.offset) - minutesOf(b.offset) || a.place.localeCompare(b.place));
  }, [i18n.language, t]);
  const [active, setActive] = useState(() => Math.max(0, options.findIndex((o) => o.zone === value)));
  // the list opens at the zone chosen now
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView?.({ block: 'center' });
  }, []);
  const words = query.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const shown = words.length ? options.filter((o) => words.every((w) => o.haystack.includes(w))) : options;
  const current = Math.min(active, Math.max(0, shown.length - 1));

  const move = (to: number) => {
    const i = Math.max(0, Math.min(shown.length - 1, to));
    setActive(i);
    list.current?.querySelector(`[data-index="${i}"]`)?.scrollIntoView?.({ block: 'nearest' });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const keys: Record<string, number> = { ArrowDown: current + 1, ArrowUp: current - 1, PageDown: current + 8, PageUp: current - 8 };
    if (e.key in keys) {
      e.preventDefault();
      move(keys[e.key]!);
    } else if (e.key === 'Enter' && shown[current]) {
      e.preventDefault();
      onPick(shown[current].zone);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-2 rounded-xl border border-border bg-surface px-3 focus-within:border-primary focus-within:ring-4 focus-within:ring-primary/15">
        <SearchIcon size={18} className="shrink-0 text-muted" />
        <input
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={shown[current] ? `${listId}-${current}` : undefined}
          aria-label={t('timeZone.search')}
          placeholder={t('timeZone.search')}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          className="h-12 min-w-0 flex-1 bg-transparent text-[16px] text-text outline-none placeholder:text-muted/70"
        />
      </div>
      <ul ref={list} id={listId} role="listbox" aria-label={t('timeZone.pickTitle')} className="-mx-2 max-h-[min(26rem,55dvh)] overflow-y-auto overscroll-contain">
        {shown.map((o, i) => (
          <li
            key={o.zone}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={o.zone === value}
            data-index={i}
            onClick={() => onPick(o.zone)}
            onMouseMove={() => i !== current && setActive(i)}
            className={cx('flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2.5', i === current && 'bg-surface-2')}
          >
            <span className="min-w-0 flex-1">
              <span className="block truncate text-[15px] font-semibold">{o.city ?? o.name}</span>
              <span className="block truncate text-xs text-muted">
                {o.city ? `${o.name} · ${o.offset}` : `${o.place} · ${o.offset}`}
              </span>
            </span>
            {o.zone === value && <CheckIcon size={18} className="shrink-0 text-primary" />}
          </li>
        ))}
        {shown.length === 0 && <li className="px-3 py-6 text-center text-sm text-muted">{t('timeZone.nothing')}</li>}
      </ul>
    </div>
  );
}
