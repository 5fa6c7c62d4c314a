import { distanceKm, type LatLon, saintPetersburg } from '../../../common/geo';

// The plan's distances are straight lines between the places (great-circle, the haversine
// formula): the page says so, as the road is longer, often much longer around the Gulf and the lakes.

export interface Located {
  lat: number;
  lon: number;
}

/** The legs of a day, from each item to the next, in km; and their sum. */
export function dayLegs(items: readonly Located[]): { legs: number[]; total: number } {
  const legs: number[] = [];
  for (let i = 1; i < items.length; i++) {
    const a = items[i - 1] as Located;
    const b = items[i] as Located;
    legs.push(distanceKm([a.lat, a.lon], [b.lat, b.lon]));
  }
  return { legs, total: legs.reduce((sum, km) => sum + km, 0) };
}

/** How far an item is from Saint Petersburg's centre (Palace Square), in km. */
export const fromSaintPetersburg = (item: Located): number =>
  distanceKm(saintPetersburg, [item.lat, item.lon] as LatLon);
