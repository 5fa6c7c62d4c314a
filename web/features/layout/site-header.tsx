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
 */
export function SiteHeader({ menuOpen: open, onMenuOpenChange: setOpen }: SiteHeaderProps) {
  const { t } = useTranslation();
  const header = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), [setOpen]);
  useScrollLock(open);
  useFocusTrap(header, open);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (event.target instanceof Element && event.target.closest('dialog')) return;
      setOpen(false);
      toggle.current?.focus();
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
        <button
          ref={toggle}
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen(!open)}
          onPointerEnter={preloadMenu}
          onFocus={preloadMenu}
        >
          <LineIcon name={open ? 'close' : 'menu'} size={22} />
          <span className={styles.toggleLabel}>{t('nav.menu')}</span>
        </button>
      </div>
      <SiteMenu id={menuId} open={open} onNavigate={close} />
    </header>
  );
}
