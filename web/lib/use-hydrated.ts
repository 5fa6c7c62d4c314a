import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server's HTML and during hydration, true once the app runs in the browser (at once
 * for a component mounted after that), so a fallback for visitors without JavaScript can go away
 * without a mismatch between the server's markup and the browser's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
