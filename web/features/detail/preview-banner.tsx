import { useTranslation } from '../../lib/translation';
import styles from './preview-banner.module.css';

/** Above the staff's preview of a page: it is not what visitors see (yet, or any more). */
export function PreviewBanner() {
  const { t } = useTranslation('detail');
  return (
    <div className={styles.banner} role="status" data-preview-banner>
      <div className="container">
        <strong>{t('preview.banner')}</strong> <span>{t('preview.text')}</span>
      </div>
    </div>
  );
}
