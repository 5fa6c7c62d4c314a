import { Suspense } from 'react';
import { lazyNearScreen } from '../../lib/lazy-near-screen';
import styles from './site-menu.module.css';

/** The id of the menu's content, whose server HTML waits for its code (`data-hydrated` then). */
export const menuContentId = 'site-menu-content';

const loadContent = () => import('./menu-content');

/**
 * The menu's content is in every page's HTML (its links are the way to every part of the site,
 * the information pages among them), but its code loads at the visitor's first interaction (or a
 * hover or focus of the toggle): until then its links work as plain links, and its groups show
 * open under a plain title (site-menu.module.css), as their disclosure buttons need the code.
 */
const MenuContent = lazyNearScreen(menuContentId, () => loadContent().then((m) => m.default));

/** Starts loading the menu's code ahead of a click (the toggle's hover or focus). */
export const preloadMenu = () => {
  void loadContent().catch(() => {});
};

/** The full-screen menu's panel, inside the header's disclosure (which opens and closes it). */
export function SiteMenu({ id, onNavigate }: { id: string; onNavigate: () => void }) {
  return (
    <div id={id} className={styles.panel}>
      <Suspense fallback={null}>
        <MenuContent onNavigate={onNavigate} />
      </Suspense>
    </div>
  );
}
