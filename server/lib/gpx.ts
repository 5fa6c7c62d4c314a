// GPX 1.1 (https://www.topografix.com/GPX/1/1/) for one route: the line as a track, the objects
// along the way as waypoints, in the element order the schema requires (metadata, wpt, trk).

export interface GpxRoute {
  name: string;
  description: string;
  url: string;
  /** The route's last change (metadata time). */
  updated: Date;
  type: string | null;
  /** [[lat, lon], ...] */
  line: [number, number][];
  waypoints: { lat: number; lon: number; name: string; type: string | null; url: string }[];
  creator: string;
}

/** Escapes text for XML content and attribute values; drops characters XML 1.0 forbids. */
export function xmlEscape(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const coord = (n: number) => n.toFixed(6);
const latLon = (lat: number, lon: number) => `lat="${coord(lat)}" lon="${coord(lon)}"`;

export function routeToGpx(route: GpxRoute): string {
  const points = [...route.line, ...route.waypoints.map((w) => [w.lat, w.lon] as [number, number])];
  const lats = points.map((p) => p[0]);
  const lons = points.map((p) => p[1]);
  const bounds = points.length
    ? `    <bounds minlat="${coord(Math.min(...lats))}" minlon="${coord(Math.min(...lons))}" maxlat="${coord(Math.max(...lats))}" maxlon="${coord(Math.max(...lons))}"/>\n`
    : '';
  const link = (url: string, text: string, indent: string) =>
    `${indent}<link href="${xmlEscape(url)}"><text>${xmlEscape(text)}</text></link>\n`;
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<gpx version="1.1" creator="${xmlEscape(route.creator)}" xmlns="http://www.topografix.com/GPX/1/1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">\n`,
    '  <metadata>\n',
    `    <name>${xmlEscape(route.name)}</name>\n`,
    `    <desc>${xmlEscape(route.description)}</desc>\n`,
    link(route.url, route.name, '    '),
    `    <time>${route.updated.toISOString().replace(/\.\d{3}Z$/, 'Z')}</time>\n`,
    bounds,
    '  </metadata>\n',
  ];
  for (const w of route.waypoints) {
    out.push(
      `  <wpt ${latLon(w.lat, w.lon)}>\n`,
      `    <name>${xmlEscape(w.name)}</name>\n`,
      link(w.url, w.name, '    '),
      ...(w.type ? [`    <type>${xmlEscape(w.type)}</type>\n`] : []),
      '  </wpt>\n',
    );
  }
  out.push(
    '  <trk>\n',
    `    <name>${xmlEscape(route.name)}</name>\n`,
    link(route.url, route.name, '    '),
    ...(route.type ? [`    <type>${xmlEscape(route.type)}</type>\n`] : []),
    '    <trkseg>\n',
    ...route.line.map(([lat, lon]) => `      <trkpt ${latLon(lat, lon)}/>\n`),
    '    </trkseg>\n',
    '  </trk>\n',
    '</gpx>\n',
  );
  return out.join('');
}
