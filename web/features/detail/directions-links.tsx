import type { Lang } from '../../../common/languages';
import { useTranslation } from '../../lib/translation';
import styles from './detail-page.module.css';
import { coordinate, directionsLinks } from './directions';
import { DetailIcon } from './icons';

/**
 * "Get directions": the place's coordinates and links that open a route to them in the visitor's
 * own map app or map site (`toStart`: to the start of a route).
 */
export function Directions({
  lat,
  lon,
  name,
  lang,
  toStart,
}: {
  lat: number;
  lon: number;
  name: string;
  lang: Lang;
  toStart: boolean;
}) {
  const { t } = useTranslation('detail');
  return (
    <div className={styles.directions} data-directions>
      <h3 id="detail-directions-title" className={styles.directionsTitle}>
        {t(toStart ? 'directions.titleRoute' : 'directions.title')}
      </h3>
      <p className={styles.directionsHint}>
        {t('directions.hint')}{' '}
        <span className={styles.coordinates}>
          {t('directions.coordinates')}:{' '}
          <span translate="no">{`${coordinate(lat)}, ${coordinate(lon)}`}</span>
        </span>
      </p>
      <ul className={styles.shareList}>
        {directionsLinks(lat, lon, name, lang).map((link) => {
          // The phone's map app is a link without a new tab; the services open in one.
          const app = link.id === 'geo';
          return (
            <li key={link.id} className={app ? styles.geoLink : undefined}>
              <a
                className={styles.shareLink}
                href={link.href}
                {...(app ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
                data-directions-link={link.id}
              >
                <DetailIcon name="navigate" />
                <span>{t(`directions.services.${link.id}`)}</span>
                {/* A flex item: the accessible name puts a space before it. */}
                <span className="visually-hidden">
                  {`— ${t(toStart ? 'directions.routeToStart' : 'directions.routeHere')}`}
                  {app ? '' : ` (${t('externalLink')})`}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
