import { useCallback, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LineIcon } from '../layout/icons';
import { useFocusTrap } from '../layout/use-focus-trap';
import { useScrollLock } from '../layout/use-scroll-lock';
import styles from './newsletter.module.css';
import { NewsletterForm } from './newsletter-form';

/**
 * The newsletter modal: a native <dialog> opened with showModal (the page behind is inert, focus
 * stays inside). Escape and the close button only close it: no choice is stored, so the offer
 * comes back on the visitor's next visit. Its content mounts afresh on every opening.
 */
export function NewsletterDialog({ open, onClosed }: { open: boolean; onClosed: () => void }) {
  const { t } = useTranslation('newsletter');
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useFocusTrap(dialog, open);
  useScrollLock(open);
  useEffect(() => {
    const element = dialog.current;
    if (!element || !open || element.open) return;
    element.showModal();
    element.querySelector<HTMLElement>('input')?.focus();
  }, [open]);
  const close = useCallback(() => dialog.current?.close(), []);
  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      onClose={onClosed}
      data-testid="newsletter-dialog"
    >
      {open && (
        <div className={styles.body}>
          <div className={styles.head}>
            <h2 id={titleId} className={styles.title}>
              {t('title')}
            </h2>
            <button type="button" className={styles.close} onClick={close}>
              <LineIcon name="close" size={22} />
              <span className="visually-hidden">{t('close')}</span>
            </button>
          </div>
          <NewsletterForm close={close} />
        </div>
      )}
    </dialog>
  );
}
