import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { type MapItem, type MapMarker, sectionColour, sectionGlyph } from '../../lib/map/map-data';
import { inSlices } from './in-slices';
import styles from './map.module.css';

// The markers and clusters of one view, as the map's worker answered them (the clustering is
// there). Markers that stay in view are kept, so panning touches few DOM nodes.

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
  markers,
  onSelect,
  clusterLabel,
  itemLabel,
}: {
  markers: MapMarker[];
  onSelect: (item: MapItem) => void;
  clusterLabel: (count: number) => string;
  itemLabel: (item: MapItem) => string;
}) {
  const map = useMap();
  const callbacks = useRef({ onSelect, clusterLabel, itemLabel });
  callbacks.current = { onSelect, clusterLabel, itemLabel };
  const layer = useRef<{ group: L.LayerGroup; shown: Map<string, L.Marker> } | null>(null);

  useEffect(() => {
    const group = L.layerGroup().addTo(map);
    layer.current = { group, shown: new Map() };
    return () => {
      group.remove();
      layer.current = null;
    };
  }, [map]);

  useEffect(() => {
    const current = layer.current;
    if (!current) return;
    const { group, shown } = current;
    const wanted = new Set(markers.map((m) => m.key));
    for (const [key, marker] of shown) {
      if (!wanted.has(key)) {
        group.removeLayer(marker);
        shown.delete(key);
      }
    }
    const add = (m: MapMarker) => {
      if (shown.has(m.key)) return;
      let marker: L.Marker;
      if (m.kind === 'cluster') {
        const { lat, lon, zoom } = m;
        marker = L.marker([lat, lon], { icon: clusterIcon(m.count), keyboard: true, riseOnHover: true });
        marker.on('click', () => map.flyTo([lat, lon], Math.max(zoom, map.getZoom() + 1), { duration: 0.4 }));
        marker.addTo(group);
        label(marker, callbacks.current.clusterLabel(m.count), { 'data-count': String(m.count) });
      } else {
        const { item } = m;
        marker = L.marker([item.lat, item.lon], { icon: pointIcon(item), keyboard: true, riseOnHover: true });
        marker.on('click', () => callbacks.current.onSelect(item));
        marker.addTo(group);
        label(marker, callbacks.current.itemLabel(item), { 'data-key': item.key });
      }
      shown.set(m.key, marker);
    };
    return inSlices(markers, add);
  }, [map, markers]);
  return null;
}
