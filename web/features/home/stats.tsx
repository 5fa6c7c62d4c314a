import { useTranslation } from '../../lib/translation';
import styles from './stats.module.css';

const items = ['districts', 'routes', 'attractions', 'entertainment', 'tourists'] as const;

/**
 * The region in numbers, over the bottom edge of the hero: fixed figures for the whole region from the
 * home page's strings (districts, routes, attractions, tourists a year), not counts of the catalogue.
 */
export function Stats() {
  const { t } = useTranslation('home');
  return (
    <section className={`container ${styles.stats}`}>
      <h2 className="visually-hidden">{t('stats.title')}</h2>
      <ul className={styles.list}>
        {items.map((key) => (
          <li key={key} className={styles.item}>
            <span className={styles.value}>{t(`stats.${key}.value`)}</span>{' '}
            <span className={styles.label}>{t(`stats.${key}.label`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
