import type { Lang } from '../../../common/languages';

// "Get directions" from a detail page: links that open the visitor's own map app or map site with
// a route from where they are to the place's coordinates. Plain links (no script of the services):
// on a phone the services' https links open their apps when installed.

export type DirectionsService = 'geo' | 'yandex' | '2gis' | 'google' | 'apple' | 'osm';

export interface DirectionsLink {
  id: DirectionsService;
  href: string;
}

/** A coordinate as the links carry it: at most 6 decimals (about 10 cm), no trailing zeros. */
export const coordinate = (value: number) => String(Number(value.toFixed(6)));

/**
 * A label for a URL: what a URL cannot hold as it is (spaces, brackets, `&`…) percent-encoded, but
 * letters beyond ASCII kept as letters (a link may carry them; the browser encodes them when it
 * follows it), three times shorter in the page than their UTF-8 bytes encoded.
 */
export const urlLabel = (text: string) =>
  encodeURIComponent(text).replace(/(?:%[89A-F][0-9A-F])+/g, (bytes) => decodeURIComponent(bytes));

/**
 * The links to a point, in the order a visitor to the region looks for them: the phone's own map
 * app, the services most used in Russia, then the international ones. Every service takes the
 * destination only, so the route starts where the visitor is.
 */
export function directionsLinks(lat: number, lon: number, name: string, lang: Lang): DirectionsLink[] {
  const la = coordinate(lat);
  const lo = coordinate(lon);
  return [
    // RFC 5870; the `q` with a label in brackets is how Android map apps name the pin.
    { id: 'geo', href: `geo:${la},${lo}?q=${la},${lo}(${urlLabel(name)})` },
    // Yandex: `rtext` is "from~to" as lat,lon; an empty "from" is the visitor's location.
    { id: 'yandex', href: `https://yandex.${lang === 'ru' ? 'ru' : 'com'}/maps/?rtext=~${la},${lo}` },
    // 2GIS: points are "from|to" as lon,lat; an empty "from" is the visitor's location.
    { id: '2gis', href: `https://2gis.ru/directions/points/%7C${lo},${la}` },
    { id: 'google', href: `https://www.google.com/maps/dir/?api=1&destination=${la},${lo}` },
    { id: 'apple', href: `https://maps.apple.com/?daddr=${la},${lo}` },
    { id: 'osm', href: `https://www.openstreetmap.org/directions?to=${la},${lo}` },
  ];
}
