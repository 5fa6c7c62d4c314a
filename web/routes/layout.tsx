import { isRouteErrorResponse, Outlet, useRouteError } from 'react-router';
import { pageMeta } from '../lib/meta';
import { ErrorPage } from '../shell/error-page';
import { SiteShell } from '../shell/site-shell';

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
