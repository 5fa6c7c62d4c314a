import type { PracticalFilter } from '../../../common/sections';
import type { MapItem } from '../../lib/map/map-data';
import { useTranslation } from '../../lib/translation';
import styles from './map.module.css';
import { MapSearch } from './map-search';
import type { GeoState } from './use-geolocation';

/** Above the map: the search box, "near me", the list sheet's button (phones) and the location status. */
export function MapToolbar({
  search,
  onPick,
  onNearMe,
  geo,
  sheetOpen,
  onToggleSheet,
  practical,
  offered,
  onPractical,
}: {
  /** Null until the points are loaded. */
  search: ((query: string) => Promise<MapItem[]>) | null;
  onPick: (item: MapItem) => void;
  onNearMe: () => void;
  geo: GeoState;
  sheetOpen: boolean;
  onToggleSheet: () => void;
  /** The practical filters on, and the new list when one is switched. */
  practical: PracticalFilter[];
  /** The practical filters offered: some place of the layers shown can pass them, or they are on. */
  offered: readonly PracticalFilter[];
  onPractical: (practical: PracticalFilter[]) => void;
}) {
  const { t } = useTranslation('map');
  return (
    <div className={styles.toolbar}>
      {search ? <MapSearch search={search} onPick={onPick} /> : <div className={styles.search} />}
      <button
        type="button"
        className={styles.toolButton}
        onClick={onNearMe}
        aria-describedby="map-geo-status"
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm9 3h-2.1A7 7 0 0 0 13 5.1V3h-2v2.1A7 7 0 0 0 5.1 11H3v2h2.1a7 7 0 0 0 5.9 5.9V21h2v-2.1a7 7 0 0 0 5.9-5.9H21zm-9 6a5 5 0 1 1 0-10 5 5 0 0 1 0 10z" />
        </svg>
        <span className={styles.toolText}>{t('near.button')}</span>
      </button>
      <button
        type="button"
        className={`${styles.toolButton} ${styles.sheetToggle}`}
        aria-expanded={sheetOpen}
        aria-controls="map-panel"
        onClick={onToggleSheet}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M3 5h18v2H3zm4 6h10v2H7zm3 6h4v2h-4z" />
        </svg>
        {sheetOpen ? (
          <span>{t('panel.close')}</span>
        ) : (
          <span>
            {t('panel.open')}
            <span className="visually-hidden">{t('panel.openMore')}</span>
          </span>
        )}
      </button>
      {offered.length > 0 && (
        <fieldset className={styles.practical}>
          <legend className="visually-hidden">{t('practical.label')}</legend>
          {offered.map((f) => (
            <button
              key={f}
              type="button"
              className={styles.chip}
              aria-pressed={practical.includes(f)}
              onClick={() =>
                onPractical(
                  practical.includes(f)
                    ? practical.filter((x) => x !== f)
                    : offered.filter((x) => x === f || practical.includes(x)),
                )
              }
            >
              {t(`practical.${f}`)}
            </button>
          ))}
        </fieldset>
      )}
      {/* A line of the toolbar, under its controls: the search suggestions open below it. */}
      <p id="map-geo-status" className={styles.status} aria-live="polite">
        {geo === 'asking'
          ? t('near.asking')
          : geo === 'denied'
            ? t('near.denied')
            : geo === 'found'
              ? t('near.found')
              : ''}
      </p>
    </div>
  );
}
