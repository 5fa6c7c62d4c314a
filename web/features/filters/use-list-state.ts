import { useCallback, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { SectionSlug } from '../../api/queries';
import { stateShape } from '../section-list/section-config';
import { type ListState, listSearch, parseListState } from './list-state';

export interface ApplyOptions {
  /** Replace the history entry (typing in the search) instead of adding one (filters, reset). */
  replace?: boolean;
}

/**
 * The list state of a section, read from the URL, and `apply` to change it: it writes the new
 * state into the URL (the list's loader then fetches it) only when the URL would change.
 */
export function useListState(section: SectionSlug) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const shape = useMemo(() => stateShape(section), [section]);
  const state = useMemo(() => parseListState(params, shape), [params, shape]);
  // `apply` keeps one identity; it reads the latest URL through a ref (debounced callers).
  const latest = useRef({ params, search: location.search });
  latest.current = { params, search: location.search };
  const apply = useCallback(
    (next: ListState, options: ApplyOptions = {}) => {
      const search = listSearch(next, shape, latest.current.params);
      if (search === latest.current.search) return false;
      void navigate({ search }, { replace: options.replace ?? false, preventScrollReset: true });
      return true;
    },
    [navigate, shape],
  );
  return { state, shape, apply };
}
