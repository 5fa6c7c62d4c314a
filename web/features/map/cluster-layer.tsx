import L from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { useMap } from 'react-leaflet';
import Supercluster, { type ClusterProperties } from 'supercluster';
import styles from './map.module.css';
import { type MapItem, sectionColour, sectionGlyph } from './map-data';

// Markers and clusters of the filtered items: supercluster indexes the points once per filter
// change, and every move of the map shows only the clusters and points of the view. Markers that
// stay in view are kept, so panning touches few DOM nodes even with 50,000 places.

type Props = { i: number };

export function markerHtml(item: MapItem, extraClass = ''): string {
  return `<span class="${styles.marker} ${extraClass}" style="background:${sectionColour[item.section]}"><svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${sectionGlyph[item.section]}"/></svg></span>`;
}

export function pointIcon(item: MapItem, extraClass = ''): L.DivIcon {
  return L.divIcon({
    className: styles.markerBox,
    html: markerHtml(item, extraClass),
    iconSize: [30, 30],
    iconAnchor: [15, 15],
  });
}

function clusterIcon(count: number): L.DivIcon {
  const size = count < 10 ? 34 : count < 100 ? 40 : count < 1000 ? 48 : 56;
  const text = count < 1000 ? String(count) : `${Math.floor(count / 1000)}k`;
  return L.divIcon({
    className: styles.markerBox,
    html: `<span class="${styles.cluster}" style="width:${size}px;height:${size}px">${text}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

/** Makes a marker a named button for keyboards and screen readers. */
function label(marker: L.Marker, text: string, attrs: Record<string, string>) {
  const el = marker.getElement();
  if (!el) return;
  el.setAttribute('role', 'button');
  el.setAttribute('aria-label', text);
  el.removeAttribute('title');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
}

export function ClusterLayer({
  items,
  onSelect,
  clusterLabel,
  itemLabel,
}: {
  items: MapItem[];
  onSelect: (item: MapItem) => void;
  clusterLabel: (count: number) => string;
  itemLabel: (item: MapItem) => string;
}) {
  const map = useMap();
  const callbacks = useRef({ onSelect, clusterLabel, itemLabel });
  callbacks.current = { onSelect, clusterLabel, itemLabel };
  const index = useMemo(() => {
    // radius is in 512-px tile units (half of it on Leaflet's 256-px tiles): 100 keeps markers and
    // clusters about 50 px apart on screen, so none covers another's 24-px target (WCAG 2.5.8)
    const sc = new Supercluster<Props, Record<string, never>>({ radius: 100, maxZoom: 16, minPoints: 2 });
    sc.load(
      items.map((item, i) => ({
        type: 'Feature' as const,
        properties: { i },
        geometry: { type: 'Point' as const, coordinates: [item.lon, item.lat] },
      })),
    );
    return sc;
  }, [items]);

  useEffect(() => {
    const group = L.layerGroup().addTo(map);
    const shown = new Map<string, L.Marker>();
    const draw = () => {
      const b = map.getBounds().pad(0.2);
      const zoom = Math.round(map.getZoom());
      const west = Math.max(-180, b.getWest());
      const east = Math.min(180, b.getEast());
      const clusters = index.getClusters(
        [west, Math.max(-85, b.getSouth()), east, Math.min(85, b.getNorth())],
        zoom,
      );
      const wanted = new Set<string>();
      for (const c of clusters) {
        const [lon, lat] = c.geometry.coordinates as [number, number];
        const props = c.properties as Partial<ClusterProperties> & Partial<Props>;
        if (props.cluster) {
          const key = `c${zoom}:${props.cluster_id}`;
          wanted.add(key);
          if (shown.has(key)) continue;
          const count = props.point_count ?? 0;
          const clusterId = props.cluster_id as number;
          const marker = L.marker([lat, lon], {
            icon: clusterIcon(count),
            keyboard: true,
            riseOnHover: true,
          });
          marker.on('click', () => {
            const to = Math.min(index.getClusterExpansionZoom(clusterId), 18);
            map.flyTo([lat, lon], Math.max(to, map.getZoom() + 1), { duration: 0.4 });
          });
          marker.addTo(group);
          label(marker, callbacks.current.clusterLabel(count), { 'data-count': String(count) });
          shown.set(key, marker);
        } else {
          const item = items[props.i as number];
          if (!item) continue;
          const key = `p:${item.key}`;
          wanted.add(key);
          if (shown.has(key)) continue;
          const marker = L.marker([item.lat, item.lon], {
            icon: pointIcon(item),
            keyboard: true,
            riseOnHover: true,
          });
          marker.on('click', () => callbacks.current.onSelect(item));
          marker.addTo(group);
          label(marker, callbacks.current.itemLabel(item), { 'data-key': item.key });
          shown.set(key, marker);
        }
      }
      for (const [key, marker] of shown) {
        if (!wanted.has(key)) {
          group.removeLayer(marker);
          shown.delete(key);
        }
      }
    };
    draw();
    map.on('moveend', draw);
    return () => {
      map.off('moveend', draw);
      group.remove();
    };
  }, [map, index, items]);
  return null;
}
