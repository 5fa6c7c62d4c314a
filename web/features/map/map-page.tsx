import 'leaflet/dist/leaflet.css';
import { useQuery } from '@tanstack/react-query';
import L from 'leaflet';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, MapContainer, Marker, Polyline, useMapEvents } from 'react-leaflet';
import { queries } from '../../api/queries';
import { useApi } from '../../lib/api-context';
import { BaseLayers } from './base-layers';
import { ClusterLayer, pointIcon } from './cluster-layer';
import styles from './map.module.css';
import { MapCard } from './map-card';
import {
  distanceKm,
  filterItems,
  itemKey,
  type MapItem,
  type MapSection,
  type MapState,
  mapSections,
  mapStateSearch,
  PLACE_ZOOM,
  parseMapState,
  regionBounds,
  sectionColour,
  snapZoom,
} from './map-data';
import { MapPanel } from './map-panel';
import { mapPointsQuery } from './map-queries';
import { MapSearch } from './map-search';

/** At most this many places in the list beside the map; zooming in shows the rest. */
const LIST_LIMIT = 100;

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

function useMapState() {
  const [state, setState] = useState<MapState>(() =>
    parseMapState(new URLSearchParams(window.location.search)),
  );
  // The URL mirrors the state without a navigation (nothing to load), so a view can be shared.
  useEffect(() => {
    const search = mapStateSearch(state, new URLSearchParams(window.location.search));
    const url = `${window.location.pathname}${search ? `?${search}` : ''}`;
    if (url !== `${window.location.pathname}${window.location.search}`) {
      window.history.replaceState(window.history.state, '', url);
    }
  }, [state]);
  const update = useCallback((patch: Partial<MapState>) => setState((s) => ({ ...s, ...patch })), []);
  return [state, update] as const;
}

export default function MapPage() {
  const { t } = useTranslation(['map', 'translation']);
  const { api, lang } = useApi();
  const points = useQuery(mapPointsQuery(api, lang));
  const districtsQuery = useQuery(queries.directory(api, lang, 'district'));
  const tourismQuery = useQuery(queries.tourismTypes(api, lang));
  const data = points.data;
  const [state, update] = useMapState();
  const [map, setMap] = useState<L.Map | null>(null);
  const [bounds, setBounds] = useState<L.LatLngBounds | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [me, setMe] = useState<[number, number] | null>(null);
  const [geo, setGeo] = useState<'idle' | 'asking' | 'found' | 'denied'>('idle');

  const districts = useMemo(
    () => (districtsQuery.data ?? []).map((d) => ({ id: d.id, name: d.name })),
    [districtsQuery.data],
  );
  const districtName = useMemo(() => new Map(districts.map((d) => [d.id, d.name])), [districts]);
  const tourismTypes = useMemo(
    () => (tourismQuery.data ?? []).map((d) => ({ id: d.id, name: d.name })),
    [tourismQuery.data],
  );

  const { layers, districts: chosenDistricts, tourism } = state;
  const filtered = useMemo(
    () => (data ? filterItems(data.items, { layers, districts: chosenDistricts, tourism }) : []),
    [data, layers, chosenDistricts, tourism],
  );
  // The markers follow in a render of their own: indexing the points and adding the markers is
  // not in the same task as the panel's list (each was 35-80 ms on a phone-class CPU).
  const markerItems = useDeferredValue(filtered);
  // Counts per layer under the district and tourism filters (whatever the layers).
  const counts = useMemo(() => {
    const c = Object.fromEntries(mapSections.map((s) => [s, 0])) as Record<MapSection, number>;
    if (!data) return c;
    for (const i of filterItems(data.items, {
      layers: [...mapSections],
      districts: chosenDistricts,
      tourism,
    })) {
      c[i.section] += 1;
    }
    return c;
  }, [data, chosenDistricts, tourism]);

  const inView = useMemo(() => {
    if (!bounds) return filtered;
    const b = bounds;
    return filtered.filter((i) => b.contains([i.lat, i.lon]));
  }, [filtered, bounds]);
  const distances = useMemo(() => {
    if (!me) return null;
    return new Map(inView.map((i) => [i.key, Math.round(distanceKm(me, [i.lat, i.lon]) * 10) / 10]));
  }, [inView, me]);
  const visible = useMemo(() => {
    if (!distances) return inView.slice(0, LIST_LIMIT);
    return [...inView]
      .sort((a, b) => (distances.get(a.key) ?? 0) - (distances.get(b.key) ?? 0))
      .slice(0, LIST_LIMIT);
  }, [inView, distances]);

  const selected = state.selected && data ? (data.byKey.get(state.selected) ?? null) : null;
  const route = selected?.section === 'routes' ? (data?.routes.get(selected.id) ?? null) : null;
  const objects = useMemo(
    () =>
      route && data
        ? route.objects
            .map((id) => data.byKey.get(itemKey('attractions', id)))
            .filter((o): o is MapItem => !!o)
        : [],
    [route, data],
  );

  const onMove = useCallback(
    (m: L.Map) => {
      setBounds(m.getBounds());
      const c = m.getCenter();
      update({ view: { lat: c.lat, lon: c.lng, zoom: snapZoom(m.getZoom()) } });
    },
    [update],
  );

  /** Selects an item and shows it: a route's whole line, a place close up. */
  const show = useCallback(
    (item: MapItem, fly: boolean) => {
      update({ selected: item.key });
      if (!map) return;
      const line = item.section === 'routes' ? data?.routes.get(item.id)?.line : null;
      if (line && line.length > 1) {
        // Keep the line clear of the card: on the right from 900 px, at the bottom on phones.
        const wide = map.getContainer().clientWidth >= 700;
        map.flyToBounds(L.latLngBounds(line), {
          paddingTopLeft: [40, 40],
          paddingBottomRight: wide ? [400, 40] : [40, 240],
          duration: 0.6,
          maxZoom: 14,
        });
      } else if (fly || !map.getBounds().contains([item.lat, item.lon])) {
        map.flyTo([item.lat, item.lon], Math.max(map.getZoom(), PLACE_ZOOM), { duration: 0.6 });
      }
    },
    [map, data, update],
  );
  const pickFromList = useCallback(
    (item: MapItem) => {
      setSheetOpen(false);
      show(item, true);
    },
    [show],
  );
  const pickFromSearch = useCallback(
    (item: MapItem) => {
      if (!state.layers.includes(item.section)) update({ layers: [...state.layers, item.section] });
      setSheetOpen(false);
      show(item, true);
    },
    [show, state.layers, update],
  );
  const close = useCallback(() => update({ selected: null }), [update]);

  const [initialView] = useState(state.view);
  // A shared link with a place but no view opens on that place.
  const [centred, setCentred] = useState(false);
  useEffect(() => {
    if (centred || !map || !data) return;
    setCentred(true);
    if (selected && !initialView) show(selected, true);
  }, [centred, map, data, selected, initialView, show]);

  useEffect(() => {
    if (!map) return;
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', t('mapLabel'));
  }, [map, t]);

  const nearMe = () => {
    if (!('geolocation' in navigator)) {
      setGeo('denied');
      return;
    }
    setGeo('asking');
    navigator.geolocation.getCurrentPosition(
      (p) => {
        const at: [number, number] = [p.coords.latitude, p.coords.longitude];
        setMe(at);
        setGeo('found');
        setSheetOpen(true);
        map?.flyTo(at, Math.max(map.getZoom(), 11), { duration: 0.6 });
      },
      () => setGeo('denied'),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  };

  const routeLines = useMemo(
    () => (data ? filtered.filter((i) => i.section === 'routes') : []),
    [data, filtered],
  );
  const itemLabel = useCallback(
    (item: MapItem) => `${item.name}, ${t(`translation:sections.${item.section}`)}`,
    [t],
  );
  const clusterLabel = useCallback((count: number) => t('cluster', { count }), [t]);

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        {data ? <MapSearch items={data.items} onPick={pickFromSearch} /> : <div className={styles.search} />}
        <button
          type="button"
          className={styles.toolButton}
          onClick={nearMe}
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
          onClick={() => setSheetOpen((o) => !o)}
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
      <aside className={`${styles.panel} ${sheetOpen ? styles.panelOpen : ''}`} aria-label={t('panel.label')}>
        {data ? (
          <MapPanel
            id="map-panel"
            state={state}
            update={update}
            counts={counts}
            districts={districts}
            tourismTypes={tourismTypes}
            visible={visible}
            inView={inView.length}
            distances={distances}
            near={me !== null}
            selected={state.selected}
            onPick={pickFromList}
          />
        ) : (
          <div id="map-panel" className={styles.note}>
            {points.isError ? t('error') : t('loading')}
          </div>
        )}
      </aside>
      <div className={styles.mapArea}>
        <MapContainer
          ref={setMap}
          className={styles.map}
          {...(state.view
            ? { center: [state.view.lat, state.view.lon] as [number, number], zoom: state.view.zoom }
            : { bounds: regionBounds, boundsOptions: { padding: [8, 8] as [number, number] } })}
          minZoom={5}
          maxZoom={18}
          // Quarter steps let the whole region fill a phone's screen (zoom 5 is tiny, 6 cuts its edges).
          zoomSnap={0.25}
          zoomDelta={1}
          worldCopyJump={false}
          preferCanvas={false}
        >
          <BaseLayers tiles={data?.tiles ?? null} />
          <ViewTracker onMove={onMove} />
          {routeLines.map((r) => {
            const line = data?.routes.get(r.id)?.line;
            if (!line || r.key === selected?.key) return null;
            return (
              <Polyline
                key={r.key}
                positions={line}
                pathOptions={{ color: sectionColour.routes, weight: 3, opacity: 0.7 }}
                eventHandlers={{ click: () => show(r, false) }}
              />
            );
          })}
          {route ? (
            <Polyline positions={route.line} pathOptions={{ color: '#14213d', weight: 6, opacity: 0.9 }} />
          ) : null}
          <ClusterLayer
            items={markerItems}
            onSelect={(i) => show(i, false)}
            itemLabel={itemLabel}
            clusterLabel={clusterLabel}
          />
          {objects.map((o, n) => (
            <Marker
              key={`o${o.key}`}
              position={[o.lat, o.lon]}
              zIndexOffset={900}
              keyboard={false}
              icon={L.divIcon({
                className: styles.markerBox,
                html: `<span class="${styles.stop}">${n + 1}</span>`,
                iconSize: [26, 26],
                iconAnchor: [13, 13],
              })}
              eventHandlers={{ click: () => show(o, false) }}
            />
          ))}
          {selected ? (
            <Marker
              key={`s${selected.key}`}
              position={[selected.lat, selected.lon]}
              icon={pointIcon(selected, styles.selected)}
              zIndexOffset={1000}
              keyboard={false}
              interactive={false}
            />
          ) : null}
          {me ? (
            <CircleMarker
              center={me}
              radius={9}
              pathOptions={{ color: '#fff', weight: 3, fillColor: '#1a73e8', fillOpacity: 1 }}
            />
          ) : null}
        </MapContainer>
        {selected ? (
          <MapCard
            item={selected}
            route={route}
            objects={objects}
            districtName={districtName.get(selected.district) ?? null}
            distance={me ? Math.round(distanceKm(me, [selected.lat, selected.lon]) * 10) / 10 : null}
            onClose={close}
            onPick={(o) => show(o, true)}
          />
        ) : null}
      </div>
    </div>
  );
}
