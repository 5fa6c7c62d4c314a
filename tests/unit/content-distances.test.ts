import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { editorial } from '../../common/editorial.js';
import { loadContent, roadDistanceProblems, unsourcedFactProblems } from '../../content/load.js';
import { contentDir } from '../../server/paths.js';

// The content's distance_from_spb is the distance by road from the centre of Saint Petersburg: the
// site labels it so, beside the plan's straight lines. A road is never shorter than the straight line.

describe("the content's distances from Saint Petersburg", () => {
  it('are refused when shorter than the straight line (a highway kilometre post is not one)', () => {
    // Igora, at the 54th km of the Priozersk highway, is 64 km from Palace Square in a straight line.
    const igora = { key: 'igora', lat: 60.514, lon: 30.21 };
    expect(roadDistanceProblems('entertainment', [{ ...igora, distance_from_spb: 54 }])).toEqual([
      'entertainment igora: distance_from_spb 54 km is shorter than the straight line from the centre (64 km); it is the distance by road',
    ]);
    // by road, or unknown: fine; a few km short is the centre's definition, not an error
    expect(roadDistanceProblems('entertainment', [{ ...igora, distance_from_spb: 75 }])).toEqual([]);
    expect(roadDistanceProblems('entertainment', [{ ...igora, distance_from_spb: 62 }])).toEqual([]);
    expect(roadDistanceProblems('entertainment', [igora])).toEqual([]);
  });

  it('are all road distances in the demo content', async () => {
    await expect(loadContent(path.join(contentDir, 'data'))).resolves.toBeDefined();
  });
});

describe("the content's facts without an authors' day", () => {
  const fields = editorial.caterings.fields;
  it('a catering’s average bill is there only with where and when it was published', () => {
    const cafe = { key: 'cafe' };
    expect(unsourcedFactProblems('caterings', fields, [{ ...cafe, avg_bill: 900 }])).toEqual([
      'caterings cafe: avg_bill without fact_sources.avg_bill (where and when it was published)',
    ]);
    const sourced = {
      ...cafe,
      avg_bill: 900,
      fact_sources: { avg_bill: { source: 'venue' as const, checked: '2026-11-20' } },
    };
    expect(unsourcedFactProblems('caterings', fields, [sourced])).toEqual([]);
    // no bill, nothing to source; the facts the authors wrote on a known day need no source of their own
    expect(unsourcedFactProblems('caterings', fields, [{ ...cafe, phone: '+7 813 000-00-00' }])).toEqual([]);
  });
});
