import fs from 'node:fs/promises';
import path from 'node:path';
import type { Sharp } from 'sharp';
import {
  type ImageFormat,
  imageFormats,
  imageWidths,
  type PictureCategory,
  pictureCategories,
} from '../../../common/media.js';
import { illustrate } from '../../lib/illustrations/illustrate.js';
import { imageLibrary } from '../../lib/image-library.js';

// One rendition of a picture, from its source to its file in the cache: the same code for a
// request's render (the serving process) and for the renders ahead (their own process, nice 19).

const categories = new Set<string>(pictureCategories);

export interface Rendition {
  width: number;
  format: ImageFormat;
}

/**
 * Rendered ahead first for every picture: the 640 px JPEG is the API's `img` (cards, map, social
 * previews), and it stands in for any rendition of the picture not rendered yet.
 */
export const standIn: Rendition = { width: 640, format: 'jpg' };
/** Then the others: AVIF first (what browsers take), small widths first (phones). */
export const others: Rendition[] = [...imageFormats]
  .reverse()
  .flatMap((format) => imageWidths.map((width) => ({ width, format })))
  .filter((r) => r.width !== standIn.width || r.format !== standIn.format);

/** The encoders; `avifEffort` trades an AVIF's CPU time for its size (0 fastest, 9 smallest). */
export const encodersWith = (avifEffort: number): Record<ImageFormat, (s: Sharp) => Sharp> => ({
  jpg: (s) => s.flatten({ background: '#ffffff' }).jpeg({ quality: 78, mozjpeg: true }),
  webp: (s) => s.webp({ quality: 74 }),
  avif: (s) => s.avif({ quality: 50, effort: avifEffort }),
});

export const renditionFile = (cacheDir: string, id: string, r: Rendition) =>
  path.join(cacheDir, id, `${r.width}.${r.format}`);

/** Whether `id` names a generated illustration (`<category>.<seed>`), drawn without the database. */
export const isIllustration = (id: string) => categories.has(id.split('.')[0] as string);

/** The SVG of a generated illustration. */
export function illustrationOf(id: string): Buffer {
  const [category, seed] = id.split('.') as [string, string];
  return Buffer.from(illustrate(category as PictureCategory, seed));
}

export async function readCached(file: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(file);
  } catch {
    return null;
  }
}

/**
 * Renders `input` as `r` into its file: written aside and renamed, so that a reader (another
 * process on the same DATA_DIR included) finds the whole file or none.
 */
export async function renderInto(
  file: string,
  input: Buffer,
  r: Rendition,
  encoders: Record<ImageFormat, (s: Sharp) => Sharp>,
): Promise<Buffer> {
  const sharp = await imageLibrary();
  const image = sharp(input, { density: 144 }).resize({ width: r.width, withoutEnlargement: false });
  const output = await encoders[r.format](image).toBuffer();
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await fs.writeFile(tmp, output);
  await fs.rename(tmp, file);
  return output;
}
