import { isRouteErrorResponse, Outlet, useLocation, useRouteError } from 'react-router';
import { ErrorPage } from '../features/layout/error-page';
import { SiteFooter } from '../features/layout/site-footer';
import { SiteHeader } from '../features/layout/site-header';

/** Header, page and footer (no footer on the map page). */
function Shell({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  return (
    <>
      <SiteHeader />
      <main id="main" className="site-main">
        {children}
      </main>
      {pathname !== '/map' && <SiteFooter />}
    </>
  );
}

export default function Layout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <Shell>
      <ErrorPage notFound={notFound} />
    </Shell>
  );
}
