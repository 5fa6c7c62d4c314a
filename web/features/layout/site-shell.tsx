import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { FeedbackProvider } from '../feedback/feedback-context';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Skip link, header, page and footer (no footer on the map page), and the feedback dialog. */
export function SiteShell({ children }: { children: ReactNode }) {
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
