import { isRouteErrorResponse, Outlet, useRouteError } from 'react-router';
import { ErrorPage } from '../features/layout/error-page';
import { SiteShell } from '../features/layout/site-shell';
import { pageMeta } from '../lib/meta';

// Used when this route's error boundary shows a 404 or an error; pages have their own meta.
export const meta = pageMeta;

export default function Layout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A 404 or 410 is the visitor's, a 503 was logged by the server once: none is a bug to report.
  if (status !== 404 && status !== 410 && status !== 503) console.error(error);
  return (
    <SiteShell>
      <ErrorPage status={status} />
    </SiteShell>
  );
}
