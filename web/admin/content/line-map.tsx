import 'leaflet/dist/leaflet.css';
import { useQuery } from '@tanstack/react-query';
import type { LatLngBoundsExpression, LeafletMouseEvent } from 'leaflet';
import { useTranslate } from 'react-admin';
import { MapContainer, Polyline, Rectangle, TileLayer, useMapEvents } from 'react-leaflet';
import { Lat, Lon } from '../../../common/content-fields';

const bound = (s: unknown, key: 'minimum' | 'maximum') => Number((s as Record<string, unknown>)[key]);
const region: LatLngBoundsExpression = [
  [bound(Lat, 'minimum'), bound(Lon, 'minimum')],
  [bound(Lat, 'maximum'), bound(Lon, 'maximum')],
];
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
  const { data: tiles } = useQuery({
    queryKey: ['map-config'],
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const res = await fetch('/api/map/config/', { headers: { accept: 'application/json' } });
      if (!res.ok) return { url: '', attribution: '' };
      return ((await res.json()) as { tiles: { url: string; attribution: string } }).tiles;
    },
  });
  return (
    <section
      aria-label={translate('admin.content.line.map_label')}
      style={{ height: 320, width: '100%', maxWidth: 800, marginBottom: 8 }}
    >
      <MapContainer
        bounds={path.length >= 2 ? (path as LatLngBoundsExpression) : region}
        style={{ height: '100%', width: '100%', background: '#e8eef3' }}
        attributionControl={Boolean(tiles?.url)}
      >
        {tiles?.url && <TileLayer url={tiles.url} attribution={tiles.attribution} />}
        <Rectangle bounds={region} pathOptions={{ color: '#1565c0', weight: 1, fill: false }} />
        <ClickToAdd add={onAdd} />
        {path.length > 0 && <Polyline positions={path} pathOptions={{ color: '#c62828', weight: 4 }} />}
      </MapContainer>
    </section>
  );
}
