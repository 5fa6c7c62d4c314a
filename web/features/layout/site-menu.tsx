import { lazy, Suspense, useState } from 'react';
import styles from './site-menu.module.css';

const loadContent = () => import('./menu-content');
const MenuContent = lazy(loadContent);

/** Starts loading the menu's code ahead of a click (the toggle's hover or focus). */
export const preloadMenu = () => {
  void loadContent().catch(() => {});
};

/**
 * The full-screen menu (its open state belongs to the header). The panel's content is made when
 * the menu first opens (its data is on the page from the start): hidden until then, it was a tenth
 * of every server-rendered page, which the toggle, a script, cannot open before the app starts
 * anyway. The panel itself is there for the toggle's aria-controls.
 */
export function SiteMenu({ id, open, onNavigate }: { id: string; open: boolean; onNavigate: () => void }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return (
    <div id={id} className={styles.panel} hidden={!open}>
      {opened && (
        <Suspense fallback={null}>
          <MenuContent onNavigate={onNavigate} />
        </Suspense>
      )}
    </div>
  );
}
