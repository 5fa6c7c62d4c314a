import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LineIcon } from '../layout/icons';
import { useFocusTrap } from '../layout/use-focus-trap';
import { useScrollLock } from '../layout/use-scroll-lock';
import styles from './feedback-dialog.module.css';
import { FeedbackForm } from './feedback-form';

/**
 * The feedback modal: a native <dialog> (showModal makes the rest of the page inert; Escape
 * closes it). Its content mounts afresh on every opening, so it starts with an empty form.
 */
export function FeedbackDialog({ open, onClosed }: { open: boolean; onClosed: () => void }) {
  const { t } = useTranslation('layout');
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useFocusTrap(dialog, open);
  useScrollLock(open);
  useEffect(() => {
    const element = dialog.current;
    if (!element || !open || element.open) return;
    element.showModal();
    element.querySelector<HTMLElement>('input, textarea')?.focus();
  }, [open]);
  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby={titleId} onClose={onClosed}>
      {open && (
        <div className={styles.body}>
          <div className={styles.head}>
            <h2 id={titleId} className={styles.title}>
              {t('feedback.title')}
            </h2>
            <button type="button" className={styles.close} onClick={() => dialog.current?.close()}>
              <LineIcon name="close" size={22} />
              <span className="visually-hidden">{t('feedback.close')}</span>
            </button>
          </div>
          <FeedbackForm />
        </div>
      )}
    </dialog>
  );
}
