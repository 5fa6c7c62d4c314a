import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import type { SectionSlug } from '../../api/queries';
import { useNavigate } from '../../lib/links';
import { type ListState, listSearch, parseListState } from './list-state';
import { stateShape } from './section-config';

export interface ApplyOptions {
  /** Replace the history entry (typing in the search) instead of adding one (filters, reset). */
  replace?: boolean;
}

/**
 * The list state of a section and `apply` to change it: it writes the new state into the URL (the
 * list's loader then reads it and fetches its page) only when the URL would change. The state is
 * the one the loader read from the URL (`loaded`); while a change of the list's URL is loading, it
 * is already the new one (a ticked box shows at once; the cards follow when they arrive).
 */
export function useListState(section: SectionSlug, loaded: ListState) {
  const [current] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  // The query just asked for: shown at once (the router renders navigations as transitions, which
  // a busy device may hold back), forgotten when the navigation settles.
  const [requested, setRequested] = useState<string | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: also when a quick navigation landed unseen
  useEffect(() => {
    if (navigation.state === 'idle') setRequested(undefined);
  }, [navigation.state, location.search]);
  const pending =
    requested ??
    (navigation.location?.pathname === location.pathname ? navigation.location.search : undefined);
  const params = useMemo(
    () => (pending === undefined ? current : new URLSearchParams(pending)),
    [pending, current],
  );
  const search = pending ?? location.search;
  const shape = useMemo(() => stateShape(section), [section]);
  // Only a URL that has not loaded yet is read here; a loaded one was read by its loader.
  const state = useMemo(
    () => (pending === undefined ? loaded : parseListState(params, shape)),
    [pending, loaded, params, shape],
  );
  // `apply` keeps one identity; it reads the latest URL through a ref (debounced callers).
  const latest = useRef({ params, search });
  latest.current = { params, search };
  const apply = useCallback(
    (next: ListState, options: ApplyOptions = {}) => {
      const search = listSearch(next, shape, latest.current.params);
      if (search === latest.current.search) return false;
      setRequested(search);
      void navigate({ search }, { replace: options.replace ?? false, preventScrollReset: true });
      return true;
    },
    [navigate, shape],
  );
  return { state, shape, apply };
}
