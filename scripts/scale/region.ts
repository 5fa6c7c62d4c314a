import type { LatLon } from '../../server/lib/geo.js';

type Ring = [number, number][]; // [lon, lat]
type Polygon = Ring[];

export interface DistrictShape {
  key: string;
  polygons: Polygon[];
  bbox: [number, number, number, number]; // minLon, minLat, maxLon, maxLat
}

interface Feature {
  properties: { key: string; kind: string };
  geometry: { type: 'Polygon'; coordinates: Polygon } | { type: 'MultiPolygon'; coordinates: Polygon[] };
}

/** The districts' outlines from content/data/district-shapes.json (GeoJSON, [lon, lat]). */
export function districtShapes(collection: { features: Feature[] }): Map<string, DistrictShape> {
  const out = new Map<string, DistrictShape>();
  for (const f of collection.features) {
    if (f.properties.kind !== 'district') continue;
    const polygons = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
    const bbox: DistrictShape['bbox'] = [180, 90, -180, -90];
    for (const poly of polygons)
      for (const [lon, lat] of poly[0] ?? []) {
        bbox[0] = Math.min(bbox[0], lon);
        bbox[1] = Math.min(bbox[1], lat);
        bbox[2] = Math.max(bbox[2], lon);
        bbox[3] = Math.max(bbox[3], lat);
      }
    out.set(f.properties.key, { key: f.properties.key, polygons, bbox });
  }
  return out;
}

function inRing(lon: number, lat: number, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function inDistrict(shape: DistrictShape, [lat, lon]: LatLon): boolean {
  return shape.polygons.some(
    (poly) => inRing(lon, lat, poly[0] ?? []) && !poly.slice(1).some((hole) => inRing(lon, lat, hole)),
  );
}
