import 'leaflet/dist/leaflet.css';
import { useQuery } from '@tanstack/react-query';
import L from 'leaflet';
import { Fragment } from 'react';
import { MapContainer, Marker, Polyline } from 'react-leaflet';
import { useApi } from '../../lib/api-context';
import { type MapSection, sectionColour, sectionGlyph } from '../../lib/map/map-data';
import { useTranslation } from '../../lib/translation';
import { BaseLayers } from './base-layers';
import styles from './map.module.css';
import { mapConfigQuery } from './map-queries';

// The small maps of detail pages: one place, or one route's line with its stops. Static-ish: no
// scroll-wheel zoom (the page scrolls), dragging and the zoom buttons work.

export interface PlaceMapProps {
  lat: number;
  lon: number;
  /** The place's name: the map's accessible label. */
  name: string;
  section?: MapSection;
  zoom?: number;
  /** CSS height, default 320px. */
  height?: string;
  className?: string;
}

export interface RouteMapProps {
  /** [[lat, lon], ...] along the route (RouteDetail.path). */
  line: [number, number][];
  name: string;
  /** Stops along the way (RouteDetail.objects_along_the_way), numbered in order. */
  objects?: { lat: number; lon: number; name: string }[];
  height?: string;
  className?: string;
}

const icon = (section: MapSection) =>
  L.divIcon({
    className: styles.markerBox,
    html: `<span class="${styles.marker}" style="background:${sectionColour[section]}"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="${sectionGlyph[section]}"/></svg></span>`,
    iconSize: [30, 30],
    iconAnchor: [15, 15],
  });

function useTiles() {
  const { api } = useApi();
  return useQuery(mapConfigQuery(api)).data?.tiles ?? null;
}

export function PlaceMap({
  lat,
  lon,
  name,
  section = 'attractions',
  zoom = 13,
  height = '320px',
  className,
}: PlaceMapProps) {
  const { t } = useTranslation('map');
  const tiles = useTiles();
  return (
    <section
      className={className}
      style={{ position: 'relative', height }}
      aria-label={t('small.place', { name })}
    >
      <MapContainer className={styles.map} center={[lat, lon]} zoom={zoom} scrollWheelZoom={false}>
        <BaseLayers tiles={tiles} />
        <Marker position={[lat, lon]} icon={icon(section)} keyboard={false} title={name} />
      </MapContainer>
    </section>
  );
}

export function RouteMap({ line, name, objects = [], height = '360px', className }: RouteMapProps) {
  const { t } = useTranslation('map');
  const tiles = useTiles();
  const bounds = L.latLngBounds(line.length ? line : [[59.94, 30.31]]);
  return (
    <section
      className={className}
      style={{ position: 'relative', height }}
      aria-label={t('small.route', { name })}
    >
      <MapContainer
        className={styles.map}
        bounds={bounds}
        boundsOptions={{ padding: [24, 24] }}
        scrollWheelZoom={false}
      >
        <BaseLayers tiles={tiles} />
        <Polyline positions={line} pathOptions={{ color: '#14213d', weight: 5, opacity: 0.9 }} />
        {objects.map((o, n) => (
          <Marker
            key={`${o.lat},${o.lon},${o.name}`}
            position={[o.lat, o.lon]}
            keyboard={false}
            title={`${n + 1}. ${o.name}`}
            icon={L.divIcon({
              className: styles.markerBox,
              html: `<span class="${styles.stop}" data-stop>${n + 1}</span>`,
              iconSize: [26, 26],
              iconAnchor: [13, 13],
            })}
          />
        ))}
      </MapContainer>
    </section>
  );
}

/** A group of a trip plan on its map: its stops in order, their colour, and the lines of its routes. */
export interface TripMapGroup {
  /** The group's name: it begins each marker's title ("Day 1, 2. Name"). */
  label: string;
  colour: string;
  stops: { key: string; lat: number; lon: number; name: string }[];
  /** Routes' lines among its stops, [[lat, lon], ...]. */
  lines: [number, number][][];
  /** Join the stops in order with a dashed straight line (the plan's days; not its unplanned items). */
  legs: boolean;
}

export interface TripMapProps {
  groups: TripMapGroup[];
  /** The map's accessible label. */
  label: string;
  height?: string;
  className?: string;
}

/** The trip plan's map: every saved item, numbered in its day's colour, the days' legs and the routes' lines. */
export function TripMap({ groups, label, height = '420px', className }: TripMapProps) {
  const tiles = useTiles();
  const points = groups.flatMap((g) => [
    ...g.stops.map((s) => [s.lat, s.lon] as [number, number]),
    ...g.lines.flat(),
  ]);
  const bounds = L.latLngBounds(points.length ? points : [[59.94, 30.31]]);
  return (
    <section className={className} style={{ position: 'relative', height }} aria-label={label}>
      <MapContainer
        // A new set of points is a new view: the map fits it again (a new order is not).
        key={points
          .map((p) => p.join(','))
          .sort()
          .join(';')}
        className={styles.map}
        bounds={bounds}
        boundsOptions={{ padding: [32, 32], maxZoom: 13 }}
        scrollWheelZoom={false}
      >
        <BaseLayers tiles={tiles} />
        {groups.map((g) => (
          <Fragment key={g.label}>
            {g.lines.map((line) => (
              <Polyline
                key={`${line[0]?.join(',')}-${line.length}`}
                positions={line}
                pathOptions={{ color: g.colour, weight: 4, opacity: 0.8 }}
              />
            ))}
            {g.legs && g.stops.length > 1 && (
              <Polyline
                positions={g.stops.map((s) => [s.lat, s.lon] as [number, number])}
                pathOptions={{ color: g.colour, weight: 2, opacity: 0.9, dashArray: '6 6' }}
              />
            )}
            {g.stops.map((s, n) => (
              <Marker
                key={s.key}
                position={[s.lat, s.lon]}
                keyboard={false}
                title={`${g.label}, ${n + 1}. ${s.name}`}
                icon={L.divIcon({
                  className: styles.markerBox,
                  html: `<span class="${styles.stop}" style="background:${g.colour};color:#fff;border-color:#fff" data-trip-stop>${n + 1}</span>`,
                  iconSize: [26, 26],
                  iconAnchor: [13, 13],
                })}
              />
            ))}
          </Fragment>
        ))}
      </MapContainer>
    </section>
  );
}
