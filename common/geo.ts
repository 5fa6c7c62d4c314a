// Distances on the Earth's surface, shared by the server (routes, nearby places) and the web app
// (the trip plan's legs).

export type LatLon = [number, number];

const R = 6371.0088;
const rad = Math.PI / 180;

/** Great-circle (straight-line) distance in kilometres (the haversine formula). */
export function distanceKm(a: LatLon, b: LatLon): number {
  const dLat = (b[0] - a[0]) * rad;
  const dLon = (b[1] - a[1]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function lineLengthKm(path: LatLon[]): number {
  let sum = 0;
  for (let i = 1; i < path.length; i++) sum += distanceKm(path[i - 1] as LatLon, path[i] as LatLon);
  return sum;
}

/** Saint Petersburg's centre (Palace Square): where "how far from Saint Petersburg" is measured from. */
export const saintPetersburg: LatLon = [59.939, 30.3158];
