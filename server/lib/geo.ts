import { distanceKm, type LatLon, lineLengthKm } from '../../common/geo.js';

export { distanceKm, type LatLon, lineLengthKm };

const R = 6371.0088;
const rad = Math.PI / 180;

/**
 * Distance from a point to a polyline and how far along the line (km from its start) the nearest
 * point lies. Uses a local equirectangular projection, accurate to metres at the region's scale.
 */
export function projectOnLine(p: LatLon, path: LatLon[]): { distanceKm: number; alongKm: number } {
  let best = { distanceKm: Number.POSITIVE_INFINITY, alongKm: 0 };
  let walked = 0;
  const kx = Math.cos(p[0] * rad) * R * rad;
  const ky = R * rad;
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1] as LatLon;
    const b = path[i] as LatLon;
    const ax = (a[1] - p[1]) * kx;
    const ay = (a[0] - p[0]) * ky;
    const bx = (b[1] - p[1]) * kx;
    const by = (b[0] - p[0]) * ky;
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
    const d = Math.hypot(ax + t * dx, ay + t * dy);
    const segment = Math.sqrt(len2);
    if (d < best.distanceKm) best = { distanceKm: d, alongKm: walked + t * segment };
    walked += segment;
  }
  return best;
}

/** Attractions within this distance of a route's line are its objects along the way. */
export const alongTheWayKm = 1.5;

/** The attractions along a line, in the order of travel: within `alongTheWayKm` of it. */
export function alongTheWay(points: { id: number; point: LatLon }[], path: LatLon[]): number[] {
  return points
    .map((a) => ({ id: a.id, ...projectOnLine(a.point, path) }))
    .filter((a) => a.distanceKm <= alongTheWayKm)
    .sort((a, b) => a.alongKm - b.alongKm)
    .map((a) => a.id);
}
