import L from 'leaflet';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { CircleMarker, MapContainer, Marker, Pane, Polyline, useMapEvents } from 'react-leaflet';
import {
  type MapItem,
  type MapSelection,
  type MapTilesT,
  type MapView,
  type MapViewAnswer,
  mapSections,
  regionBounds,
} from '../../lib/map/map-data';
import { useTranslation } from '../../lib/translation';
import { BaseLayers } from './base-layers';
import { ClusterLayer, pointIcon } from './cluster-layer';
import styles from './map.module.css';
import { RouteLines } from './route-lines';

/** Follows the view: the list shows what is in it, the URL keeps it. */
function ViewTracker({ onMove }: { onMove: (map: L.Map) => void }) {
  const map = useMapEvents({ moveend: () => onMove(map) });
  useEffect(() => onMove(map), [map, onMove]);
  // Leaflet measures its box on window resizes only; the toolbar above it grows by the location
  // status line, which makes the box smaller.
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/** The selected item: its marker and a route's numbered stops. */
function SelectionLayer({
  selection,
  onSelect,
}: {
  selection: MapSelection;
  onSelect: (item: MapItem, fly: boolean) => void;
}) {
  const { item, objects } = selection;
  return (
    <>
      {objects.map((o, n) => (
        <Marker
          key={`o${o.key}`}
          position={[o.lat, o.lon]}
          zIndexOffset={900}
          keyboard={false}
          icon={L.divIcon({
            className: styles.markerBox,
            html: `<span class="${styles.stop}" data-stop>${n + 1}</span>`,
            iconSize: [26, 26],
            iconAnchor: [13, 13],
          })}
          eventHandlers={{ click: () => onSelect(o, false) }}
        />
      ))}
      <Marker
        key={`s${item.key}`}
        position={[item.lat, item.lon]}
        icon={pointIcon(item, styles.selected)}
        zIndexOffset={1000}
        keyboard={false}
        interactive={false}
      />
    </>
  );
}

/**
 * The Leaflet map of the map page: the region's own background (and tiles when configured), the
 * markers and route lines of the view, the selected item and the visitor's place.
 */
export default function LeafletMap({
  initialView,
  tiles,
  view,
  selection,
  me,
  onMap,
  onMove,
  onSelect,
  onSelectKey,
}: {
  initialView: MapView | null;
  tiles: MapTilesT | null;
  view: MapViewAnswer | null;
  selection: MapSelection | null;
  me: [number, number] | null;
  onMap: (map: L.Map | null) => void;
  onMove: (map: L.Map) => void;
  /** A marker or a stop was clicked. */
  onSelect: (item: MapItem, fly: boolean) => void;
  /** A route's line was clicked. */
  onSelectKey: (key: string) => void;
}) {
  const { t, i18n } = useTranslation(['map', 'translation']);
  // A marker's label names its section: translated once per section, not once per marker.
  const itemLabel = useMemo(() => {
    const names = new Map(mapSections.map((s) => [s, t(`translation:sections.${s}`)]));
    return (item: MapItem) => `${item.name}, ${names.get(item.section)}`;
  }, [t]);
  const clusterLabel = useCallback((count: number) => t('cluster', { count }), [t]);
  const selectFromMarker = useCallback((item: MapItem) => onSelect(item, false), [onSelect]);
  // The map's own box and controls first, its layers in a later task: together they made one
  // task of over 50 ms on a phone-class CPU.
  const [layered, setLayered] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLayered(true), 0);
    return () => clearTimeout(timer);
  }, []);
  const ref = useCallback(
    (map: L.Map | null) => {
      if (map) {
        const container = map.getContainer();
        container.setAttribute('role', 'region');
        container.setAttribute('aria-label', t('mapLabel'));
      }
      onMap(map);
    },
    [onMap, t],
  );
  return (
    <MapContainer
      ref={ref}
      className={styles.map}
      {...(initialView
        ? { center: [initialView.lat, initialView.lon] as [number, number], zoom: initialView.zoom }
        : { bounds: regionBounds, boundsOptions: { padding: [8, 8] as [number, number] } })}
      minZoom={5}
      maxZoom={18}
      // Quarter steps let the whole region fill a phone's screen (zoom 5 is tiny, 6 cuts its edges).
      zoomSnap={0.25}
      zoomDelta={1}
      worldCopyJump={false}
      preferCanvas={false}
    >
      <ViewTracker onMove={onMove} />
      {layered ? <BaseLayers tiles={tiles} /> : null}
      {/* Above the region's shapes (an SVG, which Leaflet puts above every canvas of a pane) and
          under the markers. */}
      <Pane name="routes" style={{ zIndex: 450 }}>
        <RouteLines
          pane="routes"
          lines={view?.lines ?? []}
          hidden={selection?.route ? selection.item.key : null}
          onSelect={onSelectKey}
        />
        {selection?.route ? (
          <Polyline
            positions={selection.route.line}
            pathOptions={{ color: '#14213d', weight: 6, opacity: 0.9 }}
          />
        ) : null}
      </Pane>
      <ClusterLayer
        // Labels are in the page's language: a switch draws the markers afresh.
        key={i18n.language}
        markers={view?.markers ?? []}
        onSelect={selectFromMarker}
        itemLabel={itemLabel}
        clusterLabel={clusterLabel}
      />
      {selection ? <SelectionLayer selection={selection} onSelect={onSelect} /> : null}
      {me ? (
        <CircleMarker
          center={me}
          radius={9}
          pathOptions={{ color: '#fff', weight: 3, fillColor: '#1a73e8', fillOpacity: 1 }}
        />
      ) : null}
    </MapContainer>
  );
}
