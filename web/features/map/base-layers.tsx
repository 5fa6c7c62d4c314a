import type { Feature, FeatureCollection, Geometry } from 'geojson';
import L, { type PathOptions } from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { GeoJSON, TileLayer, useMap } from 'react-leaflet';
import { defaultLang, type Lang, normalizeLang } from '../../../common/languages';
import shapesJson from '../../../content/data/district-shapes.json';
import type { MapTilesT } from '../../lib/map/map-data';
import { useTranslation } from '../../lib/translation';
import styles from './map.module.css';

// The map's own background: the region's districts, Saint Petersburg and the water, drawn from
// content/data/district-shapes.json. It is all a visitor sees when no tile server can be reached,
// and a light tint over the tiles when one can.

interface ShapeProps {
  id?: number;
  key: string;
  kind?: 'district' | 'city' | 'water';
  name?: { ru: string; en?: string; zh?: string };
  label?: [number, number];
}
const shapes = shapesJson as unknown as FeatureCollection<Geometry, ShapeProps>;

const fills = ['#f4efe1', '#e6eedb', '#efe4d3', '#dfeae3', '#f1e8de'];
/** Below this zoom the district names would overlap: they are hidden. */
const LABEL_ZOOM = 8;

function styleOf(tilesShown: boolean) {
  return (feature?: Feature<Geometry, ShapeProps>): PathOptions => {
    const p = feature?.properties;
    if (p?.kind === 'district') {
      return {
        color: '#7d879b',
        weight: 1,
        fillColor: fills[(p.id ?? 0) % fills.length],
        fillOpacity: tilesShown ? 0.12 : 1,
      };
    }
    if (p?.key === 'saint-petersburg') {
      return { color: '#9a8f7c', weight: 1, fillColor: '#ddd4c4', fillOpacity: tilesShown ? 0.15 : 1 };
    }
    return { stroke: false, fillColor: '#a9cbe4', fillOpacity: tilesShown ? 0 : 1 };
  };
}

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
  const style = useMemo(() => styleOf(tilesShown), [tilesShown]);
  return (
    <>
      {tiles?.url ? (
        <TileLayer
          url={tiles.url}
          attribution={tiles.attribution}
          eventHandlers={{ tileload: () => setTilesShown(true) }}
        />
      ) : null}
      <GeoJSON data={shapes} style={style} interactive={false} />
      {labels ? <DistrictLabels /> : null}
    </>
  );
}
