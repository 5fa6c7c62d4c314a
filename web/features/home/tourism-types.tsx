import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queries } from '../../api/queries';
import { TourismTypeCard } from '../../components/cards';
import { useApi } from '../../lib/api-context';
import { useTranslation } from '../../lib/translation';
import styles from './section.module.css';
import { sectionIds } from './section-ids';
import { SectionTitle } from './section-title';
import { tourismTypeBackground } from './tourism-backgrounds';
import grid from './tourism-types.module.css';

export function TourismTypes() {
  const { t } = useTranslation('home');
  const { api, lang } = useApi();
  const { data } = useQuery({ ...queries.tourismTypes(api, lang), placeholderData: keepPreviousData });
  if (!data?.length) return null;
  return (
    <section id={sectionIds.tourismTypes} className={`${styles.section} ${styles.soft}`}>
      <div className="container">
        <div className={styles.head}>
          <SectionTitle title={t('tourismTypes.title')} intro={t('tourismTypes.intro')} />
        </div>
        <ul className={grid.grid}>
          {data.map((item) => (
            <li key={item.id} className={grid.item}>
              <TourismTypeCard item={item} img={tourismTypeBackground(item.id)} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
