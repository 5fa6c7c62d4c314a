import type { LatLon } from '../../../lib/geo.js';
import { staffError } from '../errors.js';

// A route's line from a GPX file (GPS tracks, routes or waypoints, as apps and devices export
// them): the points in order, thinned to what a map of the region shows.

/** The most points a line keeps: a day's track recorded every second has tens of thousands. */
export const maxLinePoints = 2000;

const point = /<(trkpt|rtept|wpt)\b([^>]*)>/g;
const attr = (attrs: string, name: string) =>
  new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`).exec(attrs)?.[1];

/** The length of a line in km, along the ground. */
export function lineLengthKm(line: LatLon[]): number {
  const rad = Math.PI / 180;
  let km = 0;
  for (let i = 1; i < line.length; i++) {
    const [a, b] = [line[i - 1] as LatLon, line[i] as LatLon];
    const h =
      Math.sin(((b[0] - a[0]) * rad) / 2) ** 2 +
      Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(((b[1] - a[1]) * rad) / 2) ** 2;
    km += 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
  }
  return Math.round(km * 10) / 10;
}

/**
 * The line of a GPX document: its track points, else its route points, else its waypoints, in
 * document order. A file without two such points, or with a point outside the region, is a 400.
 */
export function lineOfGpx(
  xml: string,
  inRegion: (p: LatLon) => boolean,
): { line: LatLon[]; length_km: number } {
  if (!/<gpx\b/.test(xml))
    throw staffError(400, 'gpx_not_gpx', 'the file is not GPX: it has no <gpx> element');
  const byKind = new Map<string, LatLon[]>();
  for (const m of xml.matchAll(point)) {
    const lat = Number(attr(m[2] ?? '', 'lat'));
    const lon = Number(attr(m[2] ?? '', 'lon'));
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    const list = byKind.get(m[1] as string) ?? [];
    list.push([Math.round(lat * 1e6) / 1e6, Math.round(lon * 1e6) / 1e6]);
    byKind.set(m[1] as string, list);
  }
  const all = byKind.get('trkpt') ?? byKind.get('rtept') ?? byKind.get('wpt') ?? [];
  if (all.length < 2)
    throw staffError(400, 'gpx_too_few_points', 'the GPX file has fewer than two track, route or way points');
  const outside = all.find((p) => !inRegion(p));
  if (outside) {
    throw staffError(
      400,
      'gpx_outside_region',
      `the line leaves the Leningrad Region: a point at ${outside[0]}, ${outside[1]}`,
      { params: { lat: outside[0], lon: outside[1] } },
    );
  }
  const step = Math.ceil(all.length / maxLinePoints);
  const line = all.filter((_, i) => i % step === 0 || i === all.length - 1);
  return { line, length_km: lineLengthKm(all) };
}
