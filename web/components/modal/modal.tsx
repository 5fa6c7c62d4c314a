import { type CSSProperties, type ReactNode, useCallback, useEffect, useId, useRef } from 'react';
import { LineIcon } from '../../lib/icons';
import { useFocusTrap } from '../../lib/use-focus-trap';
import { useScrollLock } from '../../lib/use-scroll-lock';
import styles from './modal.module.css';

export interface ModalProps {
  open: boolean;
  /** Called when the dialog has closed (close button, Escape, or `close()` from the content). */
  onClosed: () => void;
  title: string;
  closeLabel: string;
  /** Content; mounted afresh on every opening, so forms start empty. */
  children: (close: () => void) => ReactNode;
  /** Width on large screens, in px (560 by default). */
  width?: number;
  /** What gets focus when the dialog opens. */
  focus?: string;
  /**
   * `sheet`: full screen on phones, a full-height panel at the side from 700 px; its content lays
   * out its own scrolling part and footer (see `sheetScroll` and `sheetFooter`).
   */
  variant?: 'dialog' | 'sheet';
  testId?: string;
}

/** Class names for a sheet's content: the part that scrolls and the footer that stays. */
export const sheetParts = { scroll: styles.sheetScroll, footer: styles.sheetFooter } as const;

/**
 * The site's modal: a native <dialog> opened with showModal (the page behind is inert, Escape
 * closes it), with focus kept inside and page scrolling locked while it is open.
 */
export function Modal({
  open,
  onClosed,
  title,
  closeLabel,
  children,
  width,
  focus = 'input, textarea',
  variant = 'dialog',
  testId,
}: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useFocusTrap(dialog, open);
  useScrollLock(open);
  useEffect(() => {
    const element = dialog.current;
    if (!element || !open || element.open) return;
    element.showModal();
    element.querySelector<HTMLElement>(focus)?.focus();
  }, [open, focus]);
  const close = useCallback(() => dialog.current?.close(), []);
  return (
    <dialog
      ref={dialog}
      className={variant === 'sheet' ? `${styles.dialog} ${styles.sheet}` : styles.dialog}
      style={width ? ({ '--modal-width': `${width}px` } as CSSProperties) : undefined}
      // The title exists only while the dialog is open (a closed dialog is not in the page's tree).
      aria-labelledby={open ? titleId : undefined}
      onClose={onClosed}
      data-testid={testId}
    >
      {open && (
        <div className={styles.body}>
          <div className={styles.head}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            <button type="button" className={styles.close} onClick={close}>
              <LineIcon name="close" size={22} />
              <span className="visually-hidden">{closeLabel}</span>
            </button>
          </div>
          {children(close)}
        </div>
      )}
    </dialog>
  );
}
