import { useId, useState } from 'react';
import { langHref, usePageLang } from '../../lib/links';
import { useTranslation } from '../../lib/translation';
import { districtHref } from './district-href';
import { MapLabels } from './map-labels';
import { RegionLegend } from './region-legend';
import styles from './region-map.module.css';
import { cityShape, districtShapes, mapHeight, mapWidth, regionOutline, waterShapes } from './shapes';
import { useDistrictNames } from './use-district-names';
import { useMapNavigation } from './use-map-navigation';

/**
 * The region's 18 districts drawn by their real geography (shapes from scripts/build-district-shapes.ts),
 * each a link to its district page, with a numbered legend of the same links.
 */
export function RegionMap({ className }: { className?: string }) {
  const { t } = useTranslation('region-map');
  const names = useDistrictNames();
  const onNavigate = useMapNavigation();
  const lang = usePageLang();
  const [active, setActive] = useState<number | null>(null);
  const titleId = useId();
  const descId = useId();
  const activeShape = districtShapes.find((s) => s.id === active);
  return (
    <div className={`${styles.root} ${className ?? ''}`}>
      <div className={styles.frame}>
        {/* biome-ignore lint/a11y/useSemanticElements: an SVG cannot be a fieldset; a named group, not an image, as the districts inside are links */}
        <svg
          viewBox={`0 0 ${mapWidth} ${mapHeight}`}
          className={styles.map}
          role="group"
          aria-labelledby={titleId}
          aria-describedby={descId}
          data-testid="region-map"
        >
          <title id={titleId}>{t('title')}</title>
          <desc id={descId}>{t('description')}</desc>
          <rect width={mapWidth} height={mapHeight} className={styles.abroad} />
          {waterShapes.map((w) => (
            <path key={w.key} d={w.d} className={styles.waterBody} />
          ))}
          {districtShapes.map((s) => {
            const href = langHref(districtHref(s.id), lang);
            return (
              <a
                key={s.id}
                href={href}
                aria-label={names.get(s.id)}
                className={`${styles.district} ${active === s.id ? styles.isActive : ''}`}
                onClick={(event) => onNavigate(event, href)}
                onMouseEnter={() => setActive(s.id)}
                onMouseLeave={() => setActive(null)}
                onFocus={() => setActive(s.id)}
                onBlur={() => setActive(null)}
              >
                <path d={s.d} className={`${styles.shape} ${styles[`c${s.colour}`]}`} />
              </a>
            );
          })}
          <path d={cityShape.d} className={styles.cityShape} />
          <path d={regionOutline} className={styles.outline} />
          {activeShape && <path d={activeShape.d} className={styles.highlight} />}
          <MapLabels />
        </svg>
      </div>
      <RegionLegend names={names} active={active} onActive={setActive} />
    </div>
  );
}
