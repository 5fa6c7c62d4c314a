import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { popularPlacesQuery } from '../../api/home-queries';
import { detailHref, PlaceCard } from '../../components/cards';
import { Carousel } from '../../components/carousel';
import { useApi } from '../../lib/api-context';
import { useTranslation } from '../../lib/translation';
import { AllLink } from './all-link';
import styles from './section.module.css';
import { sectionIds } from './section-ids';
import { SectionTitle } from './section-title';

export function PopularPlaces() {
  const { t } = useTranslation('home');
  const { api, lang } = useApi();
  const { data } = useQuery({ ...popularPlacesQuery(api, lang), placeholderData: keepPreviousData });
  const items = data?.results ?? [];
  if (items.length === 0) return null;
  return (
    <div id={sectionIds.popular} className={styles.section}>
      <div className="container">
        <Carousel
          label={t('popular.title')}
          header={<SectionTitle title={t('popular.title')} intro={t('popular.intro')} />}
          extra={<AllLink to="/popular-places/list">{t('popular.all')}</AllLink>}
        >
          {items.map((item) => (
            <PlaceCard
              key={item.id}
              item={item}
              href={detailHref('attractions', item.id)}
              saveKey={`attractions.${item.id}`}
              showRating
            />
          ))}
        </Carousel>
      </div>
    </div>
  );
}
