import { useCallback, useEffect, useId, useRef } from 'react';
import { LineIcon } from '../../lib/icons';
import { useTranslation } from '../../lib/translation';
import { useFocusTrap } from '../../lib/use-focus-trap';
import { useScrollLock } from '../../lib/use-scroll-lock';
import { TripLink } from '../saved/trip-link';
import { LanguageMenu } from './language-menu';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';
import { SearchBox } from './search-box';
import styles from './site-header.module.css';
import { preloadMenu, SiteMenu } from './site-menu';

export interface SiteHeaderProps {
  /** Whether the full-screen menu is open (the shell keeps it: the rest of the page depends on it). */
  menuOpen: boolean;
  onMenuOpenChange: (open: boolean) => void;
}

/**
 * Logo, search, the language switcher (in full on wide screens, as a compact menu on narrower
 * ones), the link to the visitor's trip and the toggle of the full-screen menu.
 *
 * The menu is a native disclosure (<details>) with its links in the page's HTML: it opens without
 * JavaScript and before the app has started, and crawlers follow its links (the only ones to the
 * information pages). Once the app runs it is also a modal layer: the page behind it inert, the
 * focus kept in the header, scrolling locked, Escape and a navigation close it.
 */
export function SiteHeader({ menuOpen: open, onMenuOpenChange: setOpen }: SiteHeaderProps) {
  const { t } = useTranslation();
  const header = useRef<HTMLElement>(null);
  const menu = useRef<HTMLDetailsElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), [setOpen]);
  useScrollLock(open);
  useFocusTrap(header, open);
  // Opened before the app started: the app takes it as it is.
  useEffect(() => {
    if (menu.current?.open) setOpen(true);
  }, [setOpen]);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (event.target instanceof Element && event.target.closest('dialog')) return;
      setOpen(false);
      menu.current?.querySelector('summary')?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, setOpen]);

  return (
    <header ref={header} className={open ? `${styles.header} ${styles.open}` : styles.header}>
      <div className={`container ${styles.bar}`}>
        <Logo />
        <SearchBox className={styles.search} />
        <LanguageSwitcher className={styles.language} />
        <LanguageMenu className={styles.languageMenu} />
        <TripLink className={styles.trip} countClassName={styles.tripCount} />
        <details
          ref={menu}
          className={styles.menu}
          open={open}
          onToggle={(event) => setOpen(event.currentTarget.open)}
        >
          {/* biome-ignore lint/a11y/noStaticElementInteractions: a summary is the disclosure's own button; hovering or focusing it loads the menu's code ahead */}
          <summary
            className={styles.toggle}
            aria-controls={menuId}
            onPointerEnter={preloadMenu}
            onFocus={preloadMenu}
          >
            <LineIcon name="menu" size={22} className={styles.menuIcon} />
            <LineIcon name="close" size={22} className={styles.closeIcon} />
            <span className={styles.toggleLabel}>{t('nav.menu')}</span>
          </summary>
          <SiteMenu id={menuId} onNavigate={close} />
        </details>
      </div>
    </header>
  );
}
