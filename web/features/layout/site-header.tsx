import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LineIcon } from './icons';
import { LanguageMenu } from './language-menu';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';
import { SearchBox } from './search-box';
import styles from './site-header.module.css';
import { SiteMenu } from './site-menu';
import { useFocusTrap } from './use-focus-trap';
import { useScrollLock } from './use-scroll-lock';

/**
 * Logo, search, the language switcher (in full on wide screens, as a compact menu on narrower
 * ones) and the toggle of the full-screen menu.
 */
export function SiteHeader() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const header = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const { key } = useLocation();
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    setOpen(false);
  }
  const close = useCallback(() => setOpen(false), []);
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
  }, [open]);

  return (
    <header ref={header} className={open ? `${styles.header} ${styles.open}` : styles.header}>
      <div className={`container ${styles.bar}`}>
        <Logo />
        <SearchBox className={styles.search} />
        <LanguageSwitcher className={styles.language} />
        <LanguageMenu className={styles.languageMenu} />
        <button
          ref={toggle}
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((value) => !value)}
        >
          <LineIcon name={open ? 'close' : 'menu'} size={22} />
          <span className={styles.toggleLabel}>{t('nav.menu')}</span>
        </button>
      </div>
      <SiteMenu id={menuId} open={open} onNavigate={close} />
    </header>
  );
}
