import { type ReactNode, useState } from 'react';
import { useLocation } from 'react-router';
import { FeedbackProvider } from '../features/feedback/feedback-context';
import { useTranslation } from '../lib/translation';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useKeptContacts } from './use-contacts';

/**
 * Skip link, header, page and footer (no footer on the map page), and the feedback dialog.
 *
 * While the full-screen menu is open it is the page: everything else the visitor could reach
 * (the skip link, the page and the footer) is inert, so a screen reader's reading cursor cannot
 * wander behind the menu, as the focus trap keeps Tab from doing. The feedback dialog stays out
 * of it: it opens from the menu, over it. A navigation closes the menu.
 */
export function SiteShell({ children }: { children: ReactNode }) {
  const { pathname, key } = useLocation();
  const { t } = useTranslation('layout');
  const [menuOpen, setMenuOpen] = useState(false);
  useKeptContacts();
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    setMenuOpen(false);
  }
  return (
    <FeedbackProvider>
      <a className="skip-link" href="#main" inert={menuOpen}>
        {t('skipToContent')}
      </a>
      <SiteHeader menuOpen={menuOpen} onMenuOpenChange={setMenuOpen} />
      <main id="main" className="site-main" inert={menuOpen}>
        {children}
      </main>
      {pathname !== '/map' && <SiteFooter inert={menuOpen} />}
    </FeedbackProvider>
  );
}
