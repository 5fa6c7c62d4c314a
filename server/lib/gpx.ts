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

export interface GpxTrack {
  name: string;
  url: string;
  type: string | null;
  /** [[lat, lon], ...] */
  line: [number, number][];
}

export interface GpxWaypoint {
  lat: number;
  lon: number;
  name: string;
  /** A note (the visitor's, in a trip plan). */
  description?: string | null;
  type: string | null;
  url: string;
}

/** A GPX file of waypoints and tracks (a route: its objects and its line; a trip plan: its places and routes). */
export interface GpxFile {
  name: string;
  description: string;
  url: string;
  /** The file's date (metadata time). */
  updated: Date;
  waypoints: GpxWaypoint[];
  tracks: GpxTrack[];
  creator: string;
}

export function toGpx(file: GpxFile): string {
  const points = [
    ...file.tracks.flatMap((t) => t.line),
    ...file.waypoints.map((w) => [w.lat, w.lon] as [number, number]),
  ];
  const lats = points.map((p) => p[0]);
  const lons = points.map((p) => p[1]);
  const bounds = points.length
    ? `    <bounds minlat="${coord(Math.min(...lats))}" minlon="${coord(Math.min(...lons))}" maxlat="${coord(Math.max(...lats))}" maxlon="${coord(Math.max(...lons))}"/>\n`
    : '';
  const link = (url: string, text: string, indent: string) =>
    `${indent}<link href="${xmlEscape(url)}"><text>${xmlEscape(text)}</text></link>\n`;
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<gpx version="1.1" creator="${xmlEscape(file.creator)}" xmlns="http://www.topografix.com/GPX/1/1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">\n`,
    '  <metadata>\n',
    `    <name>${xmlEscape(file.name)}</name>\n`,
    `    <desc>${xmlEscape(file.description)}</desc>\n`,
    link(file.url, file.name, '    '),
    `    <time>${file.updated.toISOString().replace(/\.\d{3}Z$/, 'Z')}</time>\n`,
    bounds,
    '  </metadata>\n',
  ];
  // The schema's order inside <wpt>: name, desc, link, type.
  for (const w of file.waypoints) {
    out.push(
      `  <wpt ${latLon(w.lat, w.lon)}>\n`,
      `    <name>${xmlEscape(w.name)}</name>\n`,
      ...(w.description ? [`    <desc>${xmlEscape(w.description)}</desc>\n`] : []),
      link(w.url, w.name, '    '),
      ...(w.type ? [`    <type>${xmlEscape(w.type)}</type>\n`] : []),
      '  </wpt>\n',
    );
  }
  for (const t of file.tracks) {
    out.push(
      '  <trk>\n',
      `    <name>${xmlEscape(t.name)}</name>\n`,
      link(t.url, t.name, '    '),
      ...(t.type ? [`    <type>${xmlEscape(t.type)}</type>\n`] : []),
      '    <trkseg>\n',
      ...t.line.map(([lat, lon]) => `      <trkpt ${latLon(lat, lon)}/>\n`),
      '    </trkseg>\n',
      '  </trk>\n',
    );
  }
  out.push('</gpx>\n');
  return out.join('');
}

export function routeToGpx(route: GpxRoute): string {
  return toGpx({
    name: route.name,
    description: route.description,
    url: route.url,
    updated: route.updated,
    waypoints: route.waypoints,
    tracks: [{ name: route.name, url: route.url, type: route.type, line: route.line }],
    creator: route.creator,
  });
}
