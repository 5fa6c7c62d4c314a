/**
 * Deterministic flat illustrations for the demo content of the Leningrad Region portal.
 *
 * `illustrate(category, seed)` returns a complete SVG document (1600x1000) showing the category in a
 * northern Russian landscape. The seed (usually the item key) drives a small PRNG that chooses the
 * time of day, the season, the palette and the positions of trees, clouds and hills, so the same
 * (category, seed) always gives the same SVG, byte for byte. No runtime dependencies.
 *
 * The drawing kit (surface, palette, shared pieces) is in `draw/`, one module per group of scenes in
 * `scenes/`, partner logos in `logo.ts`.
 */

import type { PictureCategory } from '../../../common/media.js';
import { makePalette, type Season, type Time } from './draw/palette.js';
import { Pic, W } from './draw/pic.js';
import { hashString, mulberry32 } from './draw/random.js';
import { ACTIVITIES } from './scenes/activities.js';
import { CHURCHES } from './scenes/churches.js';
import { CULTURE } from './scenes/culture.js';
import { EVENTS } from './scenes/events.js';
import { FOOD } from './scenes/food.js';
import { HERITAGE } from './scenes/heritage.js';
import { NATURE } from './scenes/nature.js';
import { ROUTES } from './scenes/routes.js';
import type { Scene } from './scenes/scene.js';
import { SETTLEMENTS } from './scenes/settlements.js';
import { STAYS } from './scenes/stays.js';
import { TRANSPORT } from './scenes/transport.js';

export type { PictureCategory };

/** Every category has its scene: the type fails to check when one is missing. */
const SCENES: Record<PictureCategory, Scene> = {
  ...NATURE,
  ...CHURCHES,
  ...HERITAGE,
  ...TRANSPORT,
  ...SETTLEMENTS,
  ...STAYS,
  ...FOOD,
  ...ACTIVITIES,
  ...CULTURE,
  ...EVENTS,
  ...ROUTES,
};

const TIMES: Time[] = ['day', 'day', 'day', 'golden', 'golden', 'dusk', 'whitenight'];

const SEASONS: Season[] = ['summer', 'summer', 'summer', 'autumn', 'autumn', 'winter', 'winter'];

/**
 * A flat illustration of the category as a complete SVG document (1600x1000).
 * Deterministic: the same (category, seed) always gives the same string.
 */
export function illustrate(category: PictureCategory, seed: string): string {
  const scene = SCENES[category];
  if (!scene) throw new Error(`unknown picture category: ${category}`);
  const h = hashString(`${category}|${seed}`);
  const r = mulberry32(h);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(r() * a.length)] as T;
  const time = pick(scene.times ?? TIMES);
  const season = pick(scene.seasons ?? SEASONS);
  const palette = makePalette(r, time, season);
  const s = new Pic(r, palette, `i${h.toString(36)}_`);
  const flip = scene.flip !== false && r() < 0.5;
  if (flip) s.add(`<g transform="matrix(-1 0 0 1 ${W} 0)">`);
  scene.draw(s);
  if (flip) s.add('</g>');
  if (palette.season === 'winter' && r() < 0.5) s.snowfall(s.int(40, 90));
  return s.toString();
}
