// Leaflet's style sheet comes with the page's frame, not with Leaflet: a style sheet added when the
// map mounts made the browser restyle the whole page inside the mount's task.
import 'leaflet/dist/leaflet.css';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type L from 'leaflet';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MapPointsT, PracticalOfferT } from '../../../common/api';
import { type PracticalFilter, practicalFilters } from '../../../common/sections';
import { queries } from '../../api/queries';
import { useApi } from '../../lib/api-context';
import {
  distanceTo,
  itemKey,
  type MapBounds,
  type MapItem,
  type MapSelection,
  PLACE_ZOOM,
  snapZoom,
} from '../../lib/map/map-data';
import { useTranslation } from '../../lib/translation';
import styles from './map.module.css';
import { MapCard } from './map-card';
import { MapNoMatches, nothingMatches } from './map-no-matches';
import { MapPanel } from './map-panel';
import { mapConfigQuery } from './map-queries';
import { MapToolbar } from './map-toolbar';
import { useGeolocation } from './use-geolocation';
import { useMapIndex } from './use-map-index';
import { useMapState } from './use-map-state';
import { useSidePanel } from './use-side-panel';

/** At most this many places in the list beside the map; zooming in shows the rest. */
const LIST_LIMIT = 100;

// Leaflet comes in a module of its own: the toolbar and the panel start while it loads, and the
// browser evaluates the two in separate tasks.
const LeafletMap = lazy(() => import('./leaflet-map'));

/** Shows a selected item: a route's whole line, a place close up (`close`) or just in view. */
function flyTo(map: L.Map, { item, route }: MapSelection, close: boolean) {
  const line = route?.line;
  if (line && line.length > 1) {
    // Keep the line clear of the card: on the right from 900 px, at the bottom on phones.
    const wide = map.getContainer().clientWidth >= 700;
    map.flyToBounds(line, {
      paddingTopLeft: [40, 40],
      paddingBottomRight: wide ? [400, 40] : [40, 240],
      duration: 0.6,
      maxZoom: 14,
    });
  } else if (close || !map.getBounds().contains([item.lat, item.lon])) {
    map.flyTo([item.lat, item.lon], Math.max(map.getZoom(), PLACE_ZOOM), { duration: 0.6 });
  }
}

/** Directory names (districts, tourism types) as the panel's options and a lookup by id. */
function useOptions() {
  const { api, lang } = useApi();
  const districtsQuery = useQuery(queries.directory(api, lang, 'district'));
  const tourismQuery = useQuery(queries.tourismTypes(api, lang));
  return useMemo(() => {
    const districts = (districtsQuery.data ?? []).map((d) => ({ id: d.id, name: d.name }));
    const tourismTypes = (tourismQuery.data ?? []).map((d) => ({ id: d.id, name: d.name }));
    return { districts, tourismTypes, districtName: new Map(districts.map((d) => [d.id, d.name])) };
  }, [districtsQuery.data, tourismQuery.data]);
}

/**
 * The points the practical filters let through (free, open now, step-free entrance), asked of the
 * server, which knows the schedules and the time in the region: their keys, or null when none is on.
 * "Open now" is asked again each minute.
 */
function usePracticalKeys(practical: PracticalFilter[], openAt: string): string[] | null {
  const { api, lang } = useApi();
  const on = practical.length > 0 || Boolean(openAt);
  const query = useQuery({
    queryKey: ['map', 'practical', practical, openAt, lang],
    queryFn: async () => {
      const body = await api.get<MapPointsT>('/api/map/points/', lang, {
        ...Object.fromEntries(practical.map((f) => [f, 'true'])),
        ...(openAt ? { open_at: openAt } : {}),
      });
      return body.points.id.map((id, i) =>
        itemKey(body.sections[body.points.section[i] as number] ?? '', id),
      );
    },
    enabled: on,
    placeholderData: keepPreviousData,
    refetchInterval: practical.includes('open_now') ? 60_000 : false,
  });
  return on ? (query.data ?? []) : null;
}

/**
 * The practical filters the map offers: those some place of the layers shown can pass (the lists'
 * own answer, per section), and any that is on, so it can be switched off.
 */
function offeredOnMap(
  offer: PracticalOfferT | undefined,
  layers: readonly string[],
  on: readonly PracticalFilter[],
): PracticalFilter[] {
  const can = new Set<PracticalFilter>(on);
  for (const layer of layers)
    for (const f of (offer as Partial<Record<string, PracticalFilter[]>> | undefined)?.[layer] ?? [])
      can.add(f);
  return practicalFilters.filter((f) => can.has(f));
}

export default function MapPage() {
  const { t } = useTranslation('map');
  const { api, lang } = useApi();
  const config = useQuery(mapConfigQuery(api));
  const [state, update] = useMapState();
  const [map, setMap] = useState<L.Map | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  // On phones the panel is a closed sheet at first: it is rendered when it opens.
  const panelShown = useSidePanel() || sheetOpen;
  const [where, setWhere] = useState<{ bounds: MapBounds; zoom: number } | null>(null);
  const { districts, tourismTypes, districtName } = useOptions();

  const onFound = useCallback(
    (at: [number, number]) => {
      setSheetOpen(true);
      map?.flyTo(at, Math.max(map.getZoom(), 11), { duration: 0.6 });
    },
    [map],
  );
  const { me, geo, ask } = useGeolocation(onFound);

  const { layers, districts: inDistricts, tourism, dateFrom, dateTo } = state;
  const { data: offer } = useQuery(queries.practicalOffer(api, lang));
  const offered = offeredOnMap(offer, layers, state.practical);
  const only = usePracticalKeys(state.practical, state.openAt);
  const filter = useMemo(
    () => ({ layers, districts: inDistricts, tourism, dateFrom, dateTo, only }),
    [layers, inDistricts, tourism, dateFrom, dateTo, only],
  );
  const index = useMapIndex(lang, filter, where ? { ...where, me } : null, LIST_LIMIT);

  const onMove = useCallback(
    (m: L.Map) => {
      const b = m.getBounds();
      setWhere({ bounds: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom: m.getZoom() });
      const c = m.getCenter();
      update({ view: { lat: c.lat, lon: c.lng, zoom: snapZoom(m.getZoom()) } });
    },
    [update],
  );

  // The selected item comes from the worker; a picked one is shown once it has come (a route
  // needs its line). A shared link with a place but no view opens on that place.
  const [selection, setSelection] = useState<MapSelection | null>(null);
  const pending = useRef<{ key: string; close: boolean } | null>(
    state.selected && !state.view ? { key: state.selected, close: true } : null,
  );
  const { select, ready } = index;
  useEffect(() => {
    if (!state.selected) {
      setSelection(null);
      return;
    }
    let current = true;
    void select(state.selected).then((s) => {
      if (current) setSelection(s);
    });
    return () => {
      current = false;
    };
  }, [select, state.selected]);
  useEffect(() => {
    const want = pending.current;
    if (!map || !selection || want?.key !== selection.item.key) return;
    pending.current = null;
    flyTo(map, selection, want.close);
  }, [map, selection]);

  const pick = useCallback(
    (key: string, close: boolean) => {
      pending.current = { key, close };
      if (map && selection?.item.key === key) {
        pending.current = null;
        flyTo(map, selection, close);
      }
      update({ selected: key });
    },
    [map, selection, update],
  );
  const pickFromMap = useCallback((item: MapItem, close: boolean) => pick(item.key, close), [pick]);
  const pickRoute = useCallback((key: string) => pick(key, false), [pick]);
  const pickFromList = useCallback(
    (item: MapItem) => {
      setSheetOpen(false);
      pick(item.key, true);
    },
    [pick],
  );
  const pickFromSearch = useCallback(
    (item: MapItem) => {
      if (!layers.includes(item.section)) update({ layers: [...layers, item.section] });
      setSheetOpen(false);
      pick(item.key, true);
    },
    [pick, layers, update],
  );
  const close = useCallback(() => update({ selected: null }), [update]);
  const [initialView] = useState(state.view);

  return (
    <div className={styles.page}>
      <MapToolbar
        search={ready ? index.search : null}
        onPick={pickFromSearch}
        onNearMe={ask}
        geo={geo}
        sheetOpen={sheetOpen}
        onToggleSheet={() => setSheetOpen((o) => !o)}
        practical={state.practical}
        offered={offered}
        onPractical={(practical) => update({ practical })}
      />
      <aside className={`${styles.panel} ${sheetOpen ? styles.panelOpen : ''}`} aria-label={t('panel.label')}>
        {index.view && panelShown ? (
          <MapPanel
            id="map-panel"
            state={state}
            update={update}
            counts={index.counts}
            districts={districts}
            tourismTypes={tourismTypes}
            visible={index.view.list}
            inView={index.view.inView}
            near={index.view.near}
            selected={state.selected}
            onPick={pickFromList}
            openAtOffered={offered.includes('open_now')}
          />
        ) : (
          <div id="map-panel" className={styles.note}>
            {index.error ? t('error') : index.view ? '' : t('loading')}
          </div>
        )}
      </aside>
      <div className={styles.mapArea}>
        <Suspense fallback={<div className={styles.map} />}>
          <LeafletMap
            initialView={initialView}
            tiles={config.data?.tiles ?? null}
            view={index.view}
            selection={selection}
            me={me}
            onMap={setMap}
            onMove={onMove}
            onSelect={pickFromMap}
            onSelectKey={pickRoute}
          />
        </Suspense>
        {nothingMatches(index.counts, layers) ? (
          <MapNoMatches state={state} update={update} districts={districts} tourismTypes={tourismTypes} />
        ) : null}
        {selection ? (
          <MapCard
            item={selection.item}
            route={selection.route}
            objects={selection.objects}
            districtName={districtName.get(selection.item.district) ?? null}
            distance={me ? distanceTo(me, selection.item) : null}
            onClose={close}
            onPick={(o) => pick(o.key, true)}
          />
        ) : null}
      </div>
    </div>
  );
}
