import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { registerWorkerWhenQuiet } from './worker-registration';

// React Router's start script imports this module last, once the page has painted and its route
// modules are there (web/lib/deferred-start.ts). It imports nothing of the app's own chunks (only
// what React Router's default entry imports, and the module beside it), so that the build splits
// the app's modules as it did without it.

/**
 * The page's UI strings (web/lib/page-strings.ts), named by its head (`link[data-ns]`, preloaded
 * while the page painted: these fetches take the preloads' answers). The app renders with them, so
 * it hydrates only once they are there; if they cannot be had the app does not start and the page
 * stays as the server rendered it.
 */
async function loadPageStrings(): Promise<void> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[data-ns]')];
  const bundles = await Promise.all(
    links.map(async (link) => {
      const response = await fetch(link.href);
      if (!response.ok) throw new Error(`${link.href}: ${response.status}`);
      return [link.dataset.ns, await response.json()] as const;
    }),
  );
  (window as { __portalStrings?: unknown }).__portalStrings = Object.fromEntries(bundles);
}

// Not a top-level await: with one the build split the app's modules into more files (a module
// with a top-level await changes how the bundler may group the modules around it).
void loadPageStrings().then(() => {
  // Only a production build has a worker (a development build's modules change under it).
  if (import.meta.env.PROD) registerWorkerWhenQuiet(window);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
