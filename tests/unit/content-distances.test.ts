import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent, roadDistanceProblems } from '../../content/load.js';
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
