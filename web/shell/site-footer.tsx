import { Suspense } from 'react';
import { lazyNearScreen } from '../lib/lazy-near-screen';
import styles from './site-footer.module.css';

/** The footer's id: its content's code loads when it comes near the screen (`data-hydrated` then). */
export const footerId = 'site-footer';

/**
 * Every page but the map has the footer below its content, off the first screen: like the home
 * page's sections there (decision 015), its content's code loads when it comes near the screen or
 * at the visitor's first interaction, and until then React keeps its server HTML, readable and
 * with working links. Its styles come with the page, in the shell's style sheet (vite.config.ts).
 */
const FooterContent = lazyNearScreen(footerId, () => import('./footer-content').then((m) => m.FooterContent));

/** The navy footer; `inert` while an overlay (the site menu) is the page. */
export function SiteFooter({ inert = false }: { inert?: boolean }) {
  return (
    <footer id={footerId} className={styles.footer} inert={inert}>
      <Suspense fallback={null}>
        <FooterContent />
      </Suspense>
    </footer>
  );
}
