import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * Whether the page's first hydration is over (set a microtask after the first effect of a
 * component that asked, so after every effect of that commit). Before, the browser's snapshot
 * equals the server's (false), so React does not re-render the hydrated components at once.
 */
let started = false;
const clientSnapshot = () => started;
const serverSnapshot = () => false;

/**
 * False in the server's HTML and during hydration, true once the app runs in the browser (at once
 * for a component mounted after that), so a fallback for visitors without JavaScript can go away
 * without a mismatch between the server's markup and the browser's.
 *
 * After the page's first hydration the switch to true is a transition, which React renders in
 * slices between the browser's other work: a store whose value differs from the server's would
 * make React re-render every such component (each card of a list, with its picture and save
 * button) in one synchronous task right after hydration, the longest task of a list page's start.
 * A section hydrated later (near the screen) switches in one task, as it is small.
 */
export function useHydrated(): boolean {
  const now = useSyncExternalStore(subscribe, clientSnapshot, serverSnapshot);
  const [later, setLater] = useState(false);
  useEffect(() => {
    if (!started) queueMicrotask(() => (started = true));
    if (!now) startTransition(() => setLater(true));
  }, [now]);
  return now || later;
}
