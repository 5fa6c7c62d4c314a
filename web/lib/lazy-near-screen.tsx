import { type ComponentType, lazy, useEffect } from 'react';

type Deferred = { id: string; wake: () => void; loaded: Promise<unknown>; hydrated: Promise<void> };
const deferred: Deferred[] = [];
let listening = false;

/** Starts loading every deferred component now; resolves when all of them have loaded. */
export function loadDeferred(): Promise<void> {
  for (const d of deferred) d.wake();
  return Promise.all(deferred.map((d) => d.loaded)).then(() => undefined);
}

/**
 * Loads every deferred component and waits (up to `timeout` ms) until those whose server HTML is
 * on the page have hydrated: an update that reaches a section still waiting would make React
 * render it again from scratch (its data for the update not there yet, it would go blank).
 */
export async function hydrateDeferred(timeout = 3000): Promise<void> {
  await loadDeferred();
  const waiting = deferred.filter(
    (d) => document.getElementById(d.id)?.hasAttribute('data-hydrated') === false,
  );
  if (waiting.length === 0) return;
  await Promise.race([
    Promise.all(waiting.map((d) => d.hydrated)),
    new Promise((resolve) => setTimeout(resolve, timeout)),
  ]);
}

/**
 * An interaction may update a context above a deferred section (a navigation, a language switch,
 * a dialog): React can only hydrate the section's server HTML if its code is there by then, and
 * otherwise throws that HTML away (or holds the update) until the code arrives. So the first
 * pointer or key press loads every deferred section's code.
 */
function loadOnInteraction() {
  if (listening) return;
  listening = true;
  const options = { capture: true, once: true, passive: true } as const;
  const load = () => void loadDeferred();
  document.addEventListener('pointerdown', load, options);
  document.addEventListener('keydown', load, options);
}

/** Calls `wake` when the element enters the screen, at once if it cannot tell. */
function whenOnScreen(id: string, wake: () => void) {
  const element = document.getElementById(id);
  if (!element || typeof IntersectionObserver === 'undefined') return wake();
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    observer.disconnect();
    wake();
  });
  observer.observe(element);
}

/**
 * A component whose code loads only when its server-rendered element (the one with `id`) enters
 * the screen (a margin ahead would load a section just below a phone's first screen with the
 * page), or at the visitor's first interaction: put it in a `<Suspense>`
 * and React keeps the server's HTML (readable, its plain links working) until the code arrives,
 * then hydrates it (selective hydration). Rendered where the element is not on the page (after a
 * client-side navigation), it loads at once.
 *
 * On the server the code must be there before rendering, or React would stream the section
 * after the rest of the page: the server entry awaits `loadDeferred()`, and the component then
 * renders at once.
 */
export function lazyNearScreen<P extends object>(
  id: string,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  let wake: () => void = () => {};
  const woken = new Promise<void>((resolve) => {
    wake = resolve;
  });
  let component: ComponentType<P> | undefined;
  let markHydrated: () => void = () => {};
  const hydrated = new Promise<void>((resolve) => {
    markHydrated = resolve;
  });
  const loaded = woken.then(load).then((Component) => {
    // Its element says when the section runs (`data-hydrated`): the tests wait for it.
    component = function Hydrated(props: P) {
      useEffect(() => {
        document.getElementById(id)?.setAttribute('data-hydrated', '');
        markHydrated();
      }, []);
      return <Component {...props} />;
    };
    return component;
  });
  deferred.push({ id, wake, loaded, hydrated });
  return lazy(() => {
    // Already loaded (always so on the server): a thenable that resolves at once, so React
    // renders the component in this pass instead of suspending.
    if (component) {
      const ready = { default: component };
      // biome-ignore lint/suspicious/noThenProperty: a thenable that calls back at once is the point
      return { then: (resolve: (m: typeof ready) => void) => resolve(ready) } as Promise<typeof ready>;
    }
    loadOnInteraction();
    whenOnScreen(id, wake);
    return loaded.then((c) => ({ default: c }));
  });
}
