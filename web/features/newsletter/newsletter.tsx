import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { queries } from '../../api/queries';
import { useApi } from '../../lib/api-context';
import { LineIcon } from '../../lib/icons';
import { useTranslation } from '../../lib/translation';
import styles from './newsletter.module.css';
import { NewsletterDialog } from './newsletter-dialog';
import { storedChoice } from './storage';

// Closed without a choice (Escape, the close button): not offered again until the next page load.
let dismissedThisLoad = false;

/**
 * The news list's newsletter offer: when the subscription toggle is truthy, a
 * button that opens the modal at any time, and the modal itself, which opens by itself (in the
 * browser, after hydration) while the visitor has neither subscribed nor declined.
 */
export function Newsletter() {
  const { t } = useTranslation('newsletter');
  const { api, lang } = useApi();
  const { data: toggle } = useQuery(queries.subscribeToggle(api, lang));
  const offered = Boolean(toggle?.status);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (offered && !dismissedThisLoad && storedChoice() === null) setOpen(true);
  }, [offered]);

  const onClosed = useCallback(() => {
    dismissedThisLoad = true;
    setOpen(false);
    if (opener.current?.isConnected) opener.current.focus();
    opener.current = null;
  }, []);

  if (!offered) return null;
  return (
    <div className={styles.offer}>
      <button
        type="button"
        className={`button button--ghost ${styles.openButton}`}
        aria-haspopup="dialog"
        onClick={(event) => {
          opener.current = event.currentTarget;
          setOpen(true);
        }}
      >
        <LineIcon name="mail" size={20} />
        {t('open')}
      </button>
      <NewsletterDialog open={open} onClosed={onClosed} />
    </div>
  );
}
