import { useTranslation } from '../../lib/translation';
import styles from './region-map.module.css';
import { cityShape, districtShapes, neighbourLabels, waterLabels } from './shapes';

/** Every text on the map; decorative, since the links carry the names. */
export function MapLabels() {
  const { t } = useTranslation('region-map');
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a group of SVG texts is not focusable
    <g className={styles.labels} aria-hidden="true">
      {neighbourLabels.map((n) => (
        <text key={n.key} x={n.at[0]} y={n.at[1]} textAnchor={n.align} className={styles.neighbour}>
          {t(`neighbours.${n.key}`)}
        </text>
      ))}
      {waterLabels.map((w) => (
        <text key={w.key} x={w.at[0]} y={w.at[1]} className={styles.water}>
          {t(`water.${w.key}`)}
        </text>
      ))}
      {districtShapes.map((s) => (
        <g key={s.id}>
          {s.callout && (
            <line
              x1={s.label[0]}
              y1={s.label[1]}
              x2={s.callout[0]}
              y2={s.callout[1]}
              className={styles.leader}
            />
          )}
          <text x={s.label[0]} y={s.label[1]} className={styles.number}>
            {s.id}
          </text>
          <text x={s.label[0]} y={s.label[1]} className={styles.name}>
            {t(`short.${s.key}`)}
          </text>
        </g>
      ))}
      <text x={cityShape.label[0]} y={cityShape.label[1]} className={`${styles.city} ${styles.cityShort}`}>
        {t('city.short')}
      </text>
      <text x={cityShape.label[0]} y={cityShape.label[1]} className={`${styles.city} ${styles.cityFull}`}>
        {t('city.name')}
      </text>
    </g>
  );
}
