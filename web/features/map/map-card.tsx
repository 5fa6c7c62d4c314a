import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { detailQuery } from '../../api/queries';
import { useApi } from '../../lib/api-context';
import { Link } from '../../lib/links';
import { useTranslation } from '../../lib/translation';
import { formatDateRange, formatNumber, useLocale } from '../cards/format';
import { Picture } from '../picture/picture';
import styles from './map.module.css';
import { detailPath, type MapItem, type MapRouteLine, sectionColour } from './map-data';

/**
 * The card of the selected place, event or route: picture, name, type, link to its page. The
 * picture comes from the item's detail answer (the map's points carry none), which the detail
 * page then finds in the query cache.
 */
export function MapCard({
  item,
  route,
  objects,
  districtName,
  distance,
  onClose,
  onPick,
}: {
  item: MapItem;
  route: MapRouteLine | null;
  objects: MapItem[];
  districtName: string | null;
  distance: number | null;
  onClose: () => void;
  onPick: (item: MapItem) => void;
}) {
  const { t } = useTranslation(['map', 'translation']);
  const locale = useLocale();
  const { api, lang } = useApi();
  const detail = useQuery(detailQuery(api, lang, item.section, item.id));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const close = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', close);
    return () => document.removeEventListener('keydown', close);
  }, [onClose]);
  const kind = [t(`translation:sections.${item.section}`), item.type].filter(Boolean).join(' · ');
  return (
    <section className={styles.card} aria-labelledby="map-card-title" data-testid="map-card">
      <div className={`${styles.cardPicture} picture-fallback`}>
        <Picture src={detail.data?.img ?? null} alt="" sizes="360px" />
      </div>
      <div className={styles.cardBody}>
        <p className={styles.cardKind}>
          <span
            className={styles.dot}
            style={{ background: sectionColour[item.section] }}
            aria-hidden="true"
          />
          {kind}
        </p>
        <h2 id="map-card-title" ref={heading} className={styles.cardTitle} tabIndex={-1}>
          {item.name}
        </h2>
        <p className={styles.cardMeta}>
          {item.dates ? <span>{formatDateRange(item.dates[0], item.dates[1], locale)}</span> : null}
          {route ? <span>{t('card.length', { km: formatNumber(route.length, locale) })}</span> : null}
          {districtName ? <span>{districtName}</span> : null}
          {distance !== null ? (
            <span>{t('card.distance', { km: formatNumber(distance, locale) })}</span>
          ) : null}
        </p>
        {route && objects.length ? (
          <>
            <h3 className={styles.cardSub}>{t('card.objects')}</h3>
            <ol className={styles.objects}>
              {objects.map((o) => (
                <li key={o.key}>
                  <button type="button" className={styles.linkButton} onClick={() => onPick(o)}>
                    {o.name}
                  </button>
                </li>
              ))}
            </ol>
          </>
        ) : null}
        <div className={styles.cardActions}>
          <Link className="button" to={detailPath(item.section, item.id)}>
            {t('card.more')}
            <span className="visually-hidden">: {item.name}</span>
          </Link>
          <button type="button" className={styles.close} onClick={onClose}>
            {t('card.close')}
          </button>
        </div>
      </div>
    </section>
  );
}
