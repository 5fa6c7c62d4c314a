import { Link } from '../../lib/links';
import { useTranslation } from '../../lib/translation';
import { districtHref } from './district-href';
import styles from './region-map.module.css';
import { districtShapes } from './shapes';

interface Props {
  names: Map<number, string>;
  active: number | null;
  onActive: (id: number | null) => void;
}

/** The numbered list of district links: the map's key on phones and its keyboard and screen-reader path. */
export function RegionLegend({ names, active, onActive }: Props) {
  const { t } = useTranslation('region-map');
  return (
    <>
      {/* Named by a heading, which screen readers announce and list, rather than a label on the list. */}
      <h3 className="visually-hidden">{t('legend')}</h3>
      <ol className={styles.legend} data-testid="region-map-legend">
        {districtShapes.map((s) => (
          <li key={s.id}>
            <Link
              to={districtHref(s.id)}
              className={`${styles.legendLink} ${active === s.id ? styles.isActive : ''}`}
              onMouseEnter={() => onActive(s.id)}
              onMouseLeave={() => onActive(null)}
              onFocus={() => onActive(s.id)}
              onBlur={() => onActive(null)}
            >
              <span className={`${styles.badge} ${styles[`c${s.colour}`]}`} aria-hidden="true">
                {s.id}
              </span>
              <span>{names.get(s.id)}</span>
            </Link>
          </li>
        ))}
      </ol>
    </>
  );
}
