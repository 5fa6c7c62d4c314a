import L, { type LeafletMouseEvent } from 'leaflet';
import { useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { MapContainer, Marker, useMapEvents } from 'react-leaflet';
import { MapBase, regionBox, useTiles } from './map-base';

/** A marker drawn with CSS: Leaflet's default icon is a picture whose address a bundle breaks. */
const pin = L.divIcon({
  className: '',
  html: '<div style="width:18px;height:18px;border-radius:50%;background:#1565c0;border:3px solid #fff;box-shadow:0 0 0 2px #1565c0"></div>',
  iconSize: [24, 24],
  iconAnchor: [12, 12],
});

/** Six decimals: about 10 cm, more than a map click means. */
const round = (n: number) => Math.round(n * 1e6) / 1e6;

function ClickToPlace({ place }: { place: (lat: number, lon: number) => void }) {
  useMapEvents({ click: (e: LeafletMouseEvent) => place(e.latlng.lat, e.latlng.lng) });
  return null;
}

/**
 * The item's point on a map: a click puts it there, the marker can be dragged. The tiles are the
 * portal's (/api/map/config/); without them the map shows the region's districts and water and still works.
 * The latitude and longitude inputs beside it stay the keyboard's way.
 */
export default function PointMap({ label }: { label: string }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const lat = useWatch({ name: 'document.lat' }) as number | null | undefined;
  const lon = useWatch({ name: 'document.lon' }) as number | null | undefined;
  const tiles = useTiles();
  const has = typeof lat === 'number' && typeof lon === 'number';
  const place = (a: number, b: number) => {
    setValue('document.lat', round(a), { shouldDirty: true, shouldValidate: true });
    setValue('document.lon', round(b), { shouldDirty: true, shouldValidate: true });
  };
  const handlers = {
    dragend: (e: L.DragEndEvent) => {
      const p = (e.target as L.Marker).getLatLng();
      place(p.lat, p.lng);
    },
  };
  return (
    <section
      aria-label={translate('admin.content.map_label')}
      style={{ height: 280, width: '100%', maxWidth: 640, marginBottom: 16 }}
    >
      <MapContainer
        bounds={has ? undefined : regionBox}
        center={has ? [lat, lon] : undefined}
        zoom={has ? 11 : undefined}
        style={{ height: '100%', width: '100%', background: '#e8eef3' }}
        attributionControl={Boolean(tiles?.url)}
      >
        <MapBase tiles={tiles} />
        <ClickToPlace place={place} />
        {has && <Marker position={[lat, lon]} icon={pin} title={label} draggable eventHandlers={handlers} />}
      </MapContainer>
    </section>
  );
}
