/**
 * Builds the district shapes of the region map from the hand-written inputs in content/geo:
 * the Voronoi cells of each district's seed points (in a local equirectangular plane, so cells are
 * not distorted), merged per district and clipped to the region outline minus Saint Petersburg.
 *
 * Writes content/data/district-shapes.json (GeoJSON, reused by the interactive map page) and
 * web/components/region-map/shapes.ts (SVG paths in a fixed viewBox, label anchors, colours).
 * Deterministic: the same inputs give byte-identical outputs.
 *
 * Run: npx tsx scripts/build-district-shapes.ts [--check]   (--check also prints a report)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Delaunay } from 'd3-delaunay';
import polygonClipping, { type MultiPolygon, type Pair, type Polygon, type Ring } from 'polygon-clipping';

type LatLon = [number, number];
type Name = { ru: string; en: string; zh: string };
type PlaceLabel = { at: LatLon; align?: 'start' | 'end' };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as T;

const districtsData = readJson<{ key: string; name: Name }[]>('content/data/districts.json');
const region = readJson<{ outline: LatLon[]; islands: LatLon[][]; spb: LatLon[]; kotlin: LatLon[] }>(
  'content/geo/region.json',
);
const seedsData = readJson<{
  districts: Record<string, { seeds: LatLon[]; label?: LatLon; leader?: boolean }>;
}>('content/geo/districts.json');
const waterData = readJson<{
  water: { key: string; name: Name; shore: LatLon[] }[];
  city: { key: string; name: Name };
}>('content/geo/water.json');
const labels = readJson<{
  city: LatLon;
  water: Record<string, PlaceLabel>;
  neighbours: Record<string, PlaceLabel>;
}>('content/geo/labels.json');

// Local equirectangular plane in kilometres around the middle of the region.
const KM_PER_DEG = 111.2;
const LAT0 = 59.8;
const LON0 = 31.7;
const K = Math.cos((LAT0 * Math.PI) / 180);
const project = ([lat, lon]: LatLon): Pair => [(lon - LON0) * K * KM_PER_DEG, (lat - LAT0) * KM_PER_DEG];
const unproject = ([x, y]: Pair): LatLon => [y / KM_PER_DEG + LAT0, x / (K * KM_PER_DEG) + LON0];

const closeRing = (ring: Pair[]): Ring => {
  const first = ring[0];
  const last = ring[ring.length - 1];
  return first && last && (first[0] !== last[0] || first[1] !== last[1]) ? [...ring, first] : ring;
};
const toPolygon = (points: LatLon[]): Polygon => [closeRing(points.map(project))];

// The frame of the map: the outline's extent with a margin.
const lats = region.outline.map((p) => p[0]);
const lons = region.outline.map((p) => p[1]);
const FRAME = {
  south: Math.min(...lats) - 0.08,
  north: Math.max(...lats) + 0.08,
  west: Math.min(...lons) - 0.15,
  east: Math.max(...lons) + 0.15,
};
const [fx0, fy0] = project([FRAME.south, FRAME.west]);
const [fx1, fy1] = project([FRAME.north, FRAME.east]);
const framePolygon: Polygon = [
  [
    [fx0, fy0],
    [fx1, fy0],
    [fx1, fy1],
    [fx0, fy1],
    [fx0, fy0],
  ],
];

const outline = polygonClipping.union(toPolygon(region.outline), ...region.islands.map(toPolygon));
const spbArea = polygonClipping.intersection(toPolygon(region.spb), outline);
const kotlin = toPolygon(region.kotlin);
const land = polygonClipping.difference(outline, toPolygon(region.spb));
const city = polygonClipping.union(spbArea, kotlin);

// Voronoi cells of all seeds, merged per district and clipped to the land.
const seeds: { district: number; point: Pair }[] = [];
districtsData.forEach((d, index) => {
  const entry = seedsData.districts[d.key];
  if (!entry || entry.seeds.length === 0) throw new Error(`no seeds for ${d.key}`);
  for (const s of entry.seeds) seeds.push({ district: index, point: project(s) });
});
const delaunay = Delaunay.from(
  seeds,
  (s) => s.point[0],
  (s) => s.point[1],
);
const voronoi = delaunay.voronoi([fx0 - 50, fy0 - 50, fx1 + 50, fy1 + 50]);

const districtGeoms: MultiPolygon[] = districtsData.map((_, index) => {
  const cells: Polygon[] = [];
  seeds.forEach((s, i) => {
    if (s.district !== index) return;
    const cell = voronoi.cellPolygon(i);
    if (cell) cells.push([cell.map(([x, y]) => [x, y] as Pair)]);
  });
  const [first, ...rest] = cells;
  if (!first) throw new Error('empty district');
  return simplify(polygonClipping.intersection(polygonClipping.union(first, ...rest), land));
});

const waterGeoms = waterData.water.map((w) =>
  simplify(
    polygonClipping.intersection(
      polygonClipping.difference(toPolygon(w.shore), outline, kotlin),
      framePolygon,
    ),
  ),
);
const cityGeom = simplify(city);

/** Drops repeated and nearly collinear vertices (shared borders lose the same ones on both sides). */
function simplify(geom: MultiPolygon): MultiPolygon {
  const EPS_AREA = 0.02; // km², twice the triangle area
  return geom
    .map((polygon) =>
      polygon
        .map((ring) => {
          const pts = ring.slice(0, -1);
          let changed = true;
          while (changed && pts.length > 3) {
            changed = false;
            for (let i = 0; i < pts.length && pts.length > 3; i++) {
              const a = pts[(i + pts.length - 1) % pts.length] as Pair;
              const b = pts[i] as Pair;
              const c = pts[(i + 1) % pts.length] as Pair;
              const cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
              if (Math.abs(cross) < EPS_AREA) {
                pts.splice(i, 1);
                changed = true;
                i--;
              }
            }
          }
          return closeRing(pts);
        })
        .filter((ring) => ring.length >= 4),
    )
    .filter((polygon) => polygon.length > 0);
}

function ringArea(ring: Ring): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const [x1, y1] = ring[i] as Pair;
    const [x2, y2] = ring[i + 1] as Pair;
    sum += x1 * y2 - x2 * y1;
  }
  return sum / 2;
}
const polygonArea = (polygon: Polygon) =>
  polygon.reduce((sum, ring, i) => sum + (i === 0 ? 1 : -1) * Math.abs(ringArea(ring)), 0);
const geomArea = (geom: MultiPolygon) => geom.reduce((sum, p) => sum + polygonArea(p), 0);
const largest = (geom: MultiPolygon): Polygon =>
  [...geom].sort((a, b) => polygonArea(b) - polygonArea(a))[0] as Polygon;

function pointInRing([x, y]: Pair, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as Pair;
    const [xj, yj] = ring[j] as Pair;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
const pointInPolygon = (p: Pair, polygon: Polygon) =>
  polygon.reduce(
    (inside, ring, i) => (i === 0 ? pointInRing(p, ring) : inside && !pointInRing(p, ring)),
    false,
  );
const pointInGeom = (p: Pair, geom: MultiPolygon) => geom.some((polygon) => pointInPolygon(p, polygon));

function segmentDistance([px, py]: Pair, [ax, ay]: Pair, [bx, by]: Pair): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = dx || dy ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy))) : 0;
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}
/** Signed distance from a point to the polygon's boundary (positive inside). */
function signedDistance(p: Pair, polygon: Polygon): number {
  let min = Number.POSITIVE_INFINITY;
  for (const ring of polygon) {
    for (let i = 0; i + 1 < ring.length; i++) {
      min = Math.min(min, segmentDistance(p, ring[i] as Pair, ring[i + 1] as Pair));
    }
  }
  return pointInPolygon(p, polygon) ? min : -min;
}

/** Pole of inaccessibility (the polylabel algorithm): the inside point farthest from the edges. */
function poleOfInaccessibility(polygon: Polygon, precision = 0.5): Pair {
  const outer = polygon[0] as Ring;
  const xs = outer.map((p) => p[0]);
  const ys = outer.map((p) => p[1]);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const width = Math.max(...xs) - minX;
  const height = Math.max(...ys) - minY;
  const cellSize = Math.min(width, height);
  type Cell = { x: number; y: number; h: number; d: number; max: number };
  const cell = (x: number, y: number, h: number): Cell => {
    const d = signedDistance([x, y], polygon);
    return { x, y, h, d, max: d + h * Math.SQRT2 };
  };
  const queue: Cell[] = [];
  for (let x = minX; x < minX + width; x += cellSize) {
    for (let y = minY; y < minY + height; y += cellSize)
      queue.push(cell(x + cellSize / 2, y + cellSize / 2, cellSize / 2));
  }
  let best = cell(minX + width / 2, minY + height / 2, 0);
  while (queue.length) {
    queue.sort((a, b) => a.max - b.max);
    const c = queue.pop() as Cell;
    if (c.d > best.d) best = c;
    if (c.max - best.d <= precision) continue;
    const h = c.h / 2;
    queue.push(
      cell(c.x - h, c.y - h, h),
      cell(c.x + h, c.y - h, h),
      cell(c.x - h, c.y + h, h),
      cell(c.x + h, c.y + h, h),
    );
  }
  return [best.x, best.y];
}

// Neighbouring districts share Voronoi vertices; colour them so that neighbours differ.
const vertexKey = ([x, y]: Pair) => `${x.toFixed(3)},${y.toFixed(3)}`;
const vertexSets = districtGeoms.map((g) => new Set(g.flat(2).map(vertexKey)));
const adjacency = vertexSets.map((a, i) =>
  vertexSets.flatMap((b, j) => (i !== j && [...a].filter((k) => b.has(k)).length >= 2 ? [j] : [])),
);
const colours: number[] = new Array(districtGeoms.length).fill(-1);
const order = districtGeoms
  .map((_, i) => i)
  .sort((a, b) => (adjacency[b]?.length ?? 0) - (adjacency[a]?.length ?? 0) || a - b);
for (const i of order) {
  const used = new Set((adjacency[i] ?? []).map((j) => colours[j]));
  let c = 0;
  while (used.has(c)) c++;
  colours[i] = c;
}

// GeoJSON output.
const round4 = (n: number) => Math.round(n * 1e4) / 1e4;
const toLonLat = (p: Pair) => {
  const [lat, lon] = unproject(p);
  return [round4(lon), round4(lat)];
};
const geometry = (geom: MultiPolygon) => {
  const coords = geom.map((polygon) => polygon.map((ring) => ring.map(toLonLat)));
  return coords.length === 1
    ? { type: 'Polygon', coordinates: coords[0] }
    : { type: 'MultiPolygon', coordinates: coords };
};
const features = [
  ...districtsData.map((d, i) => ({
    type: 'Feature',
    properties: {
      id: i + 1,
      key: d.key,
      kind: 'district',
      name: d.name,
      // Where a label fits best: the pole of inaccessibility of the largest part.
      label: toLonLat(poleOfInaccessibility(largest(districtGeoms[i] as MultiPolygon))),
    },
    geometry: geometry(districtGeoms[i] as MultiPolygon),
  })),
  {
    type: 'Feature',
    properties: { kind: 'city', key: waterData.city.key, name: waterData.city.name },
    geometry: geometry(cityGeom),
  },
  ...waterData.water.map((w, i) => ({
    type: 'Feature',
    properties: { kind: 'water', key: w.key, name: w.name },
    geometry: geometry(waterGeoms[i] as MultiPolygon),
  })),
];
const geojson = `{"type":"FeatureCollection","bbox":${JSON.stringify([
  round4(FRAME.west),
  round4(FRAME.south),
  round4(FRAME.east),
  round4(FRAME.north),
])},"features":[\n${features.map((f) => JSON.stringify(f)).join(',\n')}\n]}\n`;
fs.writeFileSync(path.join(root, 'content/data/district-shapes.json'), geojson);

// SVG output: a viewBox 1000 units wide, north up.
const WIDTH = 1000;
const scale = WIDTH / (fx1 - fx0);
const HEIGHT = Math.round((fy1 - fy0) * scale);
const svgPoint = ([x, y]: Pair): Pair => [
  Math.round((x - fx0) * scale * 10) / 10,
  Math.round((fy1 - y) * scale * 10) / 10,
];
function svgPath(geom: MultiPolygon): string {
  let d = '';
  for (const polygon of geom) {
    for (const ring of polygon) {
      let prev: Pair | null = null;
      const pts = ring.slice(0, -1).map(svgPoint);
      pts.forEach((p, i) => {
        if (prev && p[0] === prev[0] && p[1] === prev[1]) return;
        d += `${i === 0 ? 'M' : 'L'}${p[0]} ${p[1]}`;
        prev = p;
      });
      d += 'Z';
    }
  }
  return d.replace(/L(-?[\d.]+) (-?[\d.]+)/g, ' $1 $2').replace(/ -/g, '-');
}
const pole = (geom: MultiPolygon): Pair => svgPoint(poleOfInaccessibility(largest(geom)));
const labelAt = (p: LatLon): Pair => svgPoint(project(p));
const pair = (p: Pair) => `[${p[0]}, ${p[1]}]`;

const districtLines = districtsData.map((d, i) => {
  const geom = districtGeoms[i] as MultiPolygon;
  const anchor = pole(geom);
  const override = seedsData.districts[d.key]?.label;
  const leader = seedsData.districts[d.key]?.leader === true;
  const fields = [
    `id: ${i + 1}`,
    `key: '${d.key}'`,
    `colour: ${colours[i] ?? 0}`,
    `label: ${pair(override ? labelAt(override) : anchor)}`,
    ...(override && leader ? [`callout: ${pair(anchor)}`] : []),
    `d: '${svgPath(geom)}'`,
  ];
  return `  {\n${fields.map((f) => `    ${f},\n`).join('')}  },`;
});
const placeLines = (entries: Record<string, PlaceLabel>) =>
  Object.entries(entries)
    .map(
      ([key, p]) =>
        `  { key: '${key}', at: ${pair(labelAt(p.at))}${p.align ? `, align: '${p.align}'` : ''} },`,
    )
    .join('\n');

const ts = `// Generated by scripts/build-district-shapes.ts from content/geo: do not edit by hand.

type Point = [number, number];

export interface DistrictShape {
  /** The direction id: /directions/detail/{id}. */
  id: number;
  key: string;
  /** Index of the fill colour: neighbouring districts never share one. */
  colour: number;
  /** Where the label goes, in viewBox units. */
  label: Point;
  /** For a district too small for its label: the point the label's leader line goes to. */
  callout?: Point;
  d: string;
}

export const mapWidth = ${WIDTH};
export const mapHeight = ${HEIGHT};

export const districtShapes: DistrictShape[] = [
${districtLines.join('\n')}
];

export const cityShape: { key: string; label: Point; d: string } = {
  key: '${waterData.city.key}',
  label: ${pair(labelAt(labels.city))},
  d: '${svgPath(cityGeom)}',
};

export const waterShapes: { key: string; d: string }[] = [
${waterData.water.map((w, i) => `  {\n    key: '${w.key}',\n    d: '${svgPath(waterGeoms[i] as MultiPolygon)}',\n  },`).join('\n')}
];

/** The region with Saint Petersburg, for the outer border line. */
export const regionOutline =
  '${svgPath(polygonClipping.union(outline, kotlin))}';

export interface PlaceLabel {
  key: string;
  at: Point;
  align?: 'start' | 'end';
}

export const waterLabels: PlaceLabel[] = [
${placeLines(labels.water)}
];

export const neighbourLabels: PlaceLabel[] = [
${placeLines(labels.neighbours)}
];
`;
fs.writeFileSync(path.join(root, 'web/components/region-map/shapes.ts'), ts);

// Report: areas against the real ones, parts per district, and the content's places that fall in the
// wrong district (islands and places on the shore are expected to be off by a little).
if (process.argv.includes('--check')) {
  const directions = readJson<{ district: string; area_km2: number }[]>('content/data/directions.json');
  const realArea = new Map(directions.map((d) => [d.district, d.area_km2]));
  const total = districtGeoms.reduce((s, g) => s + geomArea(g), 0);
  const realTotal = [...realArea.values()].reduce((s, a) => s + a, 0);
  console.log(
    `land ${Math.round(geomArea(land))} km², districts ${Math.round(total)} km², real ${realTotal}`,
  );
  districtsData.forEach((d, i) => {
    const g = districtGeoms[i] as MultiPolygon;
    const area = geomArea(g);
    const real = realArea.get(d.key) ?? 0;
    const parts = g.map((p) => Math.round(polygonArea(p))).join('+');
    console.log(
      `${String(i + 1).padStart(2)} ${d.key.padEnd(14)} ${String(Math.round(area)).padStart(5)} km² real ${String(real).padStart(5)} ratio ${((area / total) * (realTotal / real)).toFixed(2)} parts ${parts} colour ${colours[i]} nb ${(adjacency[i] ?? []).map((j) => j + 1).join(',')}`,
    );
  });
  const places: { key: string; district: string; lat: number; lon: number }[] = [];
  for (const file of fs.readdirSync(path.join(root, 'content/data'))) {
    if (!file.endsWith('.json') || file === 'district-shapes.json') continue;
    const data = readJson<unknown>(`content/data/${file}`);
    if (!Array.isArray(data)) continue;
    for (const item of data as Record<string, unknown>[]) {
      if (typeof item.lat === 'number' && typeof item.lon === 'number' && typeof item.district === 'string') {
        places.push(item as never);
      }
    }
  }
  let wrong = 0;
  for (const p of places) {
    const xy = project([p.lat, p.lon]);
    const found = districtsData.findIndex((_, i) => pointInGeom(xy, districtGeoms[i] as MultiPolygon));
    const foundKey = found >= 0 ? districtsData[found]?.key : pointInGeom(xy, city) ? 'SPB' : 'WATER/OUT';
    if (foundKey !== p.district) {
      wrong++;
      console.log(`  ${p.key} (${p.lat}, ${p.lon}) is ${p.district}, map says ${foundKey}`);
    }
  }
  console.log(`${places.length - wrong}/${places.length} places in their district`);
}
