import { Link } from '../../lib/links';
import { useTranslation } from '../../lib/translation';
import { Emblem } from './emblem';
import styles from './logo.module.css';

/**
 * The site's logo, a link home; `dark` for the navy footer, whose emblem reuses the header's
 * drawing (the header is on every page that has the footer).
 */
export function Logo({ dark = false }: { dark?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to="/" className={dark ? `${styles.logo} ${styles.dark}` : styles.logo}>
      <Emblem className={styles.emblem} reuse={dark} />
      <span className={styles.text}>
        <span className={styles.name}>{t('site.name')}</span>
        <span className={styles.tagline}>{t('site.tagline')}</span>
      </span>
    </Link>
  );
}
