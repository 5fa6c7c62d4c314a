import { staffError } from '../errors.js';
import { doubtfulMetres, type OsmElement } from './osm-match.js';

// Asking OpenStreetMap's Overpass API for the objects around a section's places (decision 047).
// One query: the section's bounding box as the global bbox, and around each place (as far as a
// doubtful match reaches) the named objects with a tag the portal reads. Its failures are the
// back office's clear refusals: 503 when it cannot be reached or does not answer in time, 502
// when it answers with an error or something that is not its JSON.

/** The tags whose objects are worth asking for: a key of one of them, any value. */
const factTags =
  '^(opening_hours|phone|contact:phone|website|contact:website|wheelchair|toilets:wheelchair|fee)$';

/** The Overpass QL query for the objects near these points. */
export function overpassQuery(points: [number, number][], timeoutSeconds: number): string {
  const lats = points.map((p) => p[0]);
  const lons = points.map((p) => p[1]);
  const margin = 0.01; // about 1 km: past the farthest doubtful match
  const bbox = [
    Math.min(...lats) - margin,
    Math.min(...lons) - margin * 2,
    Math.max(...lats) + margin,
    Math.max(...lons) + margin * 2,
  ]
    .map((n) => n.toFixed(5))
    .join(',');
  const around = points
    .map(
      ([lat, lon]) =>
        `  nwr(around:${doubtfulMetres},${lat.toFixed(6)},${lon.toFixed(6)})[name][~"${factTags}"~"."];`,
    )
    .join('\n');
  return `[out:json][timeout:${timeoutSeconds}][bbox:${bbox}];\n(\n${around}\n);\nout tags center;\n`;
}

/** Asks the Overpass API; its elements, or a 502/503 refusal that says what went wrong. */
export async function askOverpass(url: string, query: string, timeoutMs: number): Promise<OsmElement[]> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ data: query }).toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw staffError(
      503,
      'osm_unavailable',
      timedOut
        ? `the Overpass API did not answer within ${Math.round(timeoutMs / 1000)} s: try again later`
        : 'the Overpass API cannot be reached: try again later, or check its address in the settings',
    );
  }
  const text = await response.text().catch(() => '');
  if (!response.ok)
    throw staffError(502, 'osm_failed', `the Overpass API answered ${response.status}: try again later`, {
      params: { status: response.status },
    });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  const elements = (body as { elements?: unknown } | null)?.elements;
  if (!Array.isArray(elements))
    throw staffError(502, 'osm_failed', 'the Overpass API answered with something other than its JSON', {
      params: { status: response.status },
    });
  return elements.filter(
    (e): e is OsmElement =>
      !!e &&
      typeof e === 'object' &&
      ['node', 'way', 'relation'].includes((e as OsmElement).type) &&
      Number.isSafeInteger((e as OsmElement).id),
  );
}
