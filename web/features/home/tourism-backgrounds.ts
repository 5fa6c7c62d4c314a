import type { PictureCategory } from '../../../common/media';

const categories = [
  'lake',
  'forest',
  'river',
  'waterfall',
  'sea',
  'island',
  'bog',
  'canyon',
  'field',
  'park',
  'village',
  'lighthouse',
  'manor',
  'fortress',
  'bridge',
  'cave',
] as const satisfies readonly PictureCategory[];

/** The 16 background pictures of the tourism types. */
export const tourismTypeBackgrounds = categories.map((c, n) => `/media/${c}.tourism-type-bg-${n}/640.jpg`);

/** The background of a tourism type: cycled by (id - 7) mod 16, a true modulo for ids below 7. */
export function tourismTypeBackground(id: number): string {
  const n = tourismTypeBackgrounds.length;
  return tourismTypeBackgrounds[(((id - 7) % n) + n) % n] as string;
}
