import L from 'leaflet';
import { useEffect, useState } from 'react';
import { TileLayer, useMap } from 'react-leaflet';
import { defaultLang, type Lang, normalizeLang } from '../../../common/languages';
import type { MapTilesT } from '../../lib/map/map-data';
import { RegionShapes, regionShapes as shapes } from '../../lib/map/region-shapes';
import { useTranslation } from '../../lib/translation';
import styles from './map.module.css';

// The map's background: the tiles when configured, the region's own geometry (web/lib/map/
// region-shapes.tsx) and the district names.

/** Below this zoom the district names would overlap: they are hidden. */
const LABEL_ZOOM = 8;

/** District names at their label points, shown from LABEL_ZOOM on. */
function DistrictLabels() {
  const map = useMap();
  const { t, i18n } = useTranslation('region-map');
  const lang: Lang = normalizeLang(i18n.language) ?? defaultLang;
  useEffect(() => {
    const group = L.layerGroup();
    for (const f of shapes.features) {
      const p = f.properties;
      if (!p.label || p.kind !== 'district') continue;
      const text = t(`short.${p.key}`, { defaultValue: p.name?.[lang] ?? p.name?.ru ?? '' });
      const icon = L.divIcon({
        className: styles.label,
        html: `<span>${text.replace(/[<&>]/g, '')}</span>`,
        iconSize: [0, 0],
      });
      L.marker([p.label[1], p.label[0]], { icon, interactive: false, keyboard: false }).addTo(group);
    }
    group.addTo(map);
    const container = map.getContainer();
    const sync = () => container.classList.toggle(styles.labelsHidden as string, map.getZoom() < LABEL_ZOOM);
    sync();
    map.on('zoomend', sync);
    return () => {
      map.off('zoomend', sync);
      group.remove();
    };
  }, [map, t, lang]);
  return null;
}

/** Tiles (when configured) under the region's own geometry. */
export function BaseLayers({ tiles, labels = true }: { tiles: MapTilesT | null; labels?: boolean }) {
  const [tilesShown, setTilesShown] = useState(false);
  return (
    <>
      {tiles?.url ? (
        <TileLayer
          url={tiles.url}
          attribution={tiles.attribution}
          eventHandlers={{ tileload: () => setTilesShown(true) }}
        />
      ) : null}
      <RegionShapes tilesShown={tilesShown} />
      {labels ? <DistrictLabels /> : null}
    </>
  );
}
