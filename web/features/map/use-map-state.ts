import { useCallback, useEffect, useState } from 'react';
import { type MapState, mapStateSearch, parseMapState } from '../../lib/map/map-data';

/** The page's layers, filters, selected item and view, read from the URL and kept in it. */
export function useMapState() {
  const [state, setState] = useState<MapState>(() =>
    parseMapState(new URLSearchParams(window.location.search)),
  );
  // The URL mirrors the state without a navigation (nothing to load), so a view can be shared.
  useEffect(() => {
    const search = mapStateSearch(state, new URLSearchParams(window.location.search));
    const url = `${window.location.pathname}${search ? `?${search}` : ''}`;
    if (url !== `${window.location.pathname}${window.location.search}`) {
      window.history.replaceState(window.history.state, '', url);
    }
  }, [state]);
  const update = useCallback((patch: Partial<MapState>) => setState((s) => ({ ...s, ...patch })), []);
  return [state, update] as const;
}
