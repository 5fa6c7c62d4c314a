import { useSyncExternalStore } from 'react';

/** The width from which the panel is a column beside the map (map.module.css), not a sheet. */
const query = '(min-width: 900px)';

function subscribe(onChange: () => void) {
  const media = window.matchMedia(query);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** Whether the panel is a column beside the map (false on the server). */
export function useSidePanel(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
