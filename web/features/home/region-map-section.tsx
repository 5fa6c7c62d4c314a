import { RegionMap } from '../../components/region-map/region-map';
import { useTranslation } from '../../lib/translation';
import styles from './section.module.css';
import { sectionIds } from './section-ids';
import { SectionTitle } from './section-title';

export function RegionMapSection() {
  const { t } = useTranslation('home');
  return (
    <section id={sectionIds.regionMap} className={`${styles.section} ${styles.soft}`}>
      <div className="container">
        <div className={styles.head}>
          <SectionTitle title={t('map.title')} intro={t('map.intro')} />
        </div>
        <RegionMap />
      </div>
    </section>
  );
}
