import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { type MapViewAnswer, sectionColour } from '../../lib/map/map-data';
import { inSlices } from './in-slices';

/**
 * The lines of the routes in view, on one canvas: a few thousand SVG paths (the routes at ten
 * times the real volume) would make every pan and zoom slow. A click on a line selects its route.
 */
export function RouteLines({
  pane,
  lines,
  hidden,
  onSelect,
}: {
  pane: string;
  lines: MapViewAnswer['lines'];
  /** A line not to draw (the selected route's, drawn thicker above). */
  hidden: string | null;
  onSelect: (key: string) => void;
}) {
  const map = useMap();
  const select = useRef(onSelect);
  select.current = onSelect;
  const layer = useRef<{ group: L.LayerGroup; renderer: L.Canvas; shown: Map<string, L.Polyline> } | null>(
    null,
  );
  useEffect(() => {
    const group = L.layerGroup().addTo(map);
    layer.current = { group, renderer: L.canvas({ padding: 0.2, pane }), shown: new Map() };
    return () => {
      group.remove();
      layer.current = null;
    };
  }, [map, pane]);
  useEffect(() => {
    const current = layer.current;
    if (!current) return;
    const { group, renderer, shown } = current;
    const wanted = new Set(lines.filter((l) => l.key !== hidden).map((l) => l.key));
    for (const [key, polyline] of shown) {
      if (!wanted.has(key)) {
        group.removeLayer(polyline);
        shown.delete(key);
      }
    }
    const add = ({ key, line }: MapViewAnswer['lines'][number]) => {
      if (shown.has(key) || !wanted.has(key)) return;
      const polyline = L.polyline(line, { renderer, color: sectionColour.routes, weight: 3, opacity: 0.7 });
      polyline.on('click', () => select.current(key));
      shown.set(key, polyline.addTo(group));
    };
    return inSlices(lines, add);
  }, [lines, hidden]);
  return null;
}
