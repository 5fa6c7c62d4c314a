import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { defaultLang, langTag, normalizeLang } from '../../../common/languages';
import { useTranslation } from '../../lib/translation';
import styles from './language-menu.module.css';
import { LanguageSwitcher } from './language-switcher';

/**
 * The language switch of the header where the full one does not fit (phones, tablets): a button
 * with the current language's code that opens the three languages below it. A native disclosure
 * (<details>), so it opens before the app has started and from the keyboard; Escape, a choice or a
 * click elsewhere closes it.
 */
export function LanguageMenu({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('layout');
  const current = normalizeLang(i18n.language) ?? defaultLang;
  const details = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();

  // A language chosen (the page stays, its language changes) or another page: closed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the language or the page changes
  useEffect(() => {
    if (details.current) details.current.open = false;
  }, [current, key]);

  useEffect(() => {
    const close = (focus: boolean) => {
      const el = details.current;
      if (!el?.open) return;
      el.open = false;
      if (focus) el.querySelector('summary')?.focus();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && details.current?.contains(event.target as Node)) close(true);
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!details.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, []);

  return (
    <details ref={details} className={[styles.menu, className ?? ''].filter(Boolean).join(' ')}>
      <summary className={styles.toggle}>
        <span className="visually-hidden">{t('language.label')}: </span>
        <span lang={langTag(current)}>{t(`language.${current}.code`)}</span>
      </summary>
      <div className={styles.panel}>
        <LanguageSwitcher />
      </div>
    </details>
  );
}
