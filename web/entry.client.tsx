import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadStartStrings } from './lib/page-strings';
import { registerWorkerWhenQuiet } from './lib/worker-registration';

// React Router's start script imports this module last, once the page has painted and its route
// modules are there (web/lib/deferred-start.ts). The app renders with the page's strings, so it
// hydrates only once they are there; if they cannot be had the app does not start and the page
// stays as the server rendered it.
await loadStartStrings();

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
