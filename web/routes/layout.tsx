import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Outlet, useLocation, useRouteError } from 'react-router';
import { FeedbackProvider } from '../features/feedback/feedback-context';
import { ErrorPage } from '../features/layout/error-page';
import { SiteFooter } from '../features/layout/site-footer';
import { SiteHeader } from '../features/layout/site-header';
import { pageMeta } from '../lib/meta';

// Used when this route's error boundary shows a 404 or an error; pages have their own meta.
export const meta = pageMeta;

/** Skip link, header, page and footer (no footer on the map page), and the feedback dialog. */
function Shell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { t } = useTranslation('layout');
  return (
    <FeedbackProvider>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" className="site-main">
        {children}
      </main>
      {pathname !== '/map' && <SiteFooter />}
    </FeedbackProvider>
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
