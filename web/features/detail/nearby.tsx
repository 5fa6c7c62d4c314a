import type { NearbyItemT } from '../../../common/api';
import { tripKey } from '../../../common/sections';
import type { SectionSlug } from '../../api/queries';
import { CardShell, detailHref, formatNumber, Icon, useLocale } from '../../components/cards';
import cardStyles from '../../components/cards/card.module.css';
import { Carousel } from '../../components/carousel';
import { useTranslation } from '../../lib/translation';
import styles from './detail-page.module.css';

/**
 * The cards the HTML holds: a screen shows at most four. With all (up to twelve, the pictures'
 * srcsets above all) they were a third of the page's HTML; the others, and the pictures (below the
 * first screen), come with the app.
 */
export const nearbyInHtml = 4;

/** Places around the item, nearest first, as a carousel of cards. */
export function Nearby({ items }: { items: NearbyItemT[] }) {
  const { t } = useTranslation(['detail', 'translation']);
  const locale = useLocale();
  if (items.length === 0) return null;
  return (
    <Carousel
      label={t('nearby.title')}
      className={styles.nearby}
      serverSlides={nearbyInHtml}
      header={
        <h2 id="detail-nearby-title" className={styles.sectionTitle}>
          {t('nearby.title')}
        </h2>
      }
    >
      {items.map((item) => (
        <CardShell
          key={`${item.section}-${item.id}`}
          href={detailHref(item.section as SectionSlug, item.id)}
          img={item.img}
          photo={item.img_photo}
          title={item.name}
          pictureAfterStart
          saveKey={tripKey(item.section as SectionSlug, item.id)}
          overline={t(`translation:sections.${item.section}`)}
        >
          <p className={cardStyles.facts}>
            <span className={cardStyles.fact}>
              <Icon name="pin" className={cardStyles.icon} />
              {t('nearby.distance', { value: formatNumber(item.distance_km, locale, 1) })}
            </span>
          </p>
        </CardShell>
      ))}
    </Carousel>
  );
}
