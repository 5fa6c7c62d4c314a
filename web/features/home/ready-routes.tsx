import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { readyRoutesQuery } from '../../api/home-queries';
import { RouteCard } from '../../components/cards';
import { Carousel } from '../../components/carousel';
import { useApi } from '../../lib/api-context';
import { useTranslation } from '../../lib/translation';
import { AllLink } from './all-link';
import styles from './section.module.css';
import { sectionIds } from './section-ids';
import { SectionTitle } from './section-title';

export function ReadyRoutes() {
  const { t } = useTranslation('home');
  const { api, lang } = useApi();
  const { data } = useQuery({ ...readyRoutesQuery(api, lang), placeholderData: keepPreviousData });
  const items = data?.results ?? [];
  if (items.length === 0) return null;
  return (
    <div id={sectionIds.routes} className={styles.section}>
      <div className="container">
        <Carousel
          label={t('routes.title')}
          header={<SectionTitle title={t('routes.title')} intro={t('routes.intro')} />}
          extra={<AllLink to="/routes/list">{t('routes.all')}</AllLink>}
        >
          {items.map((item) => (
            <RouteCard key={item.id} item={item} />
          ))}
        </Carousel>
      </div>
    </div>
  );
}
