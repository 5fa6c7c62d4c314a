import { useTranslation } from '../../lib/translation';
import styles from './list-spinner.module.css';

/** What a list shows while its cards are loading. */
export function ListSpinner() {
  const { t } = useTranslation();
  return (
    <div className={styles.wrap} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className={styles.text}>{t('common.loading')}</span>
    </div>
  );
}
