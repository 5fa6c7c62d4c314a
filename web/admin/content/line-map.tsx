import type { LatLngBoundsExpression, LeafletMouseEvent } from 'leaflet';
import { useTranslate } from 'react-admin';
import { MapContainer, Polyline, useMapEvents } from 'react-leaflet';
import { MapBase, regionBox, useTiles } from './map-base';

const round = (n: number) => Math.round(n * 1e6) / 1e6;

function ClickToAdd({ add }: { add: (p: [number, number]) => void }) {
  useMapEvents({ click: (e: LeafletMouseEvent) => add([round(e.latlng.lat), round(e.latlng.lng)]) });
  return null;
}

/**
 * A route's line on a map: each click adds the next point. Tiles as for the point's map; the
 * textarea beside it and the GPX import stay the other ways in.
 */
export default function LineMap({
  path,
  onAdd,
}: {
  path: [number, number][];
  onAdd: (p: [number, number]) => void;
}) {
  const translate = useTranslate();
  const tiles = useTiles();
  return (
    <section
      aria-label={translate('admin.content.line.map_label')}
      style={{ height: 320, width: '100%', maxWidth: 800, marginBottom: 8 }}
    >
      <MapContainer
        bounds={path.length >= 2 ? (path as LatLngBoundsExpression) : regionBox}
        style={{ height: '100%', width: '100%', background: '#e8eef3' }}
        attributionControl={Boolean(tiles?.url)}
      >
        <MapBase tiles={tiles} />
        <ClickToAdd add={onAdd} />
        {path.length > 0 && <Polyline positions={path} pathOptions={{ color: '#c62828', weight: 4 }} />}
      </MapContainer>
    </section>
  );
}
