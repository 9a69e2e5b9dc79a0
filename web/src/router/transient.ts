import { useEffect, useRef } from 'react';
import { pathOf, useRouter } from './index';

// a module of its own: only pages with sheets load it, not every first load
/**
 * While `open`, an entry of the same location on top of history stands for something open on the
 * page (a sheet): Back takes the entry away and calls `onGone`; a navigation from it takes its
 * place; closing otherwise (its button, Escape) steps back over it, so history stays as it was.
 */
export function useTransientEntry(open: boolean, onGone: () => void): void {
  const { history, location, navigate, dropTransient } = useRouter();
  const gone = useRef(onGone);
  useEffect(() => {
    gone.current = onGone;
  });
  // the entry has been on screen: a location without it after that means it was taken away
  const shown = useRef(false);
  useEffect(() => {
    if (!open) return;
    const here = history.location();
    navigate(pathOf(here), { state: here.state, transient: true });
    return () => {
      shown.current = false;
      dropTransient();
    };
  }, [open, history, navigate, dropTransient]);
  useEffect(() => {
    if (!open) return;
    if (location.transient) shown.current = true;
    else if (shown.current) {
      shown.current = false;
      gone.current();
    }
  }, [open, location]);
}
