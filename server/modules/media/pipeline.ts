import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import sharp, { type Sharp } from 'sharp';
import type { ImageFormat } from '../../../common/media.js';
import { pictureCategories } from '../../../content/images/categories.js';
import { illustrate } from '../../../content/images/illustrate.js';
import type { DB } from '../../db/schema.js';

const categories = new Set<string>(pictureCategories);

const encoders: Record<ImageFormat, (s: Sharp) => Sharp> = {
  jpg: (s) => s.flatten({ background: '#ffffff' }).jpeg({ quality: 78, mozjpeg: true }),
  webp: (s) => s.webp({ quality: 74 }),
  avif: (s) => s.avif({ quality: 50, effort: 3 }),
};

export const contentTypes: Record<ImageFormat, string> = {
  jpg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
};

/**
 * Renders pictures in the requested width and format and keeps every rendition on disk. The source
 * is the original stored in the media table (a real photo or a logo) or, when there is none, the
 * generated illustration of the id's category. A picture never changes under its id.
 */
export function createMediaPipeline(db: Kysely<DB>, cacheDir: string) {
  const inFlight = new Map<string, Promise<Buffer | null>>();

  async function source(id: string): Promise<Buffer | null> {
    const original = await db.selectFrom('media').select('data').where('id', '=', id).executeTakeFirst();
    if (original) return Buffer.from(original.data);
    const [category, seed] = id.split('.') as [string, string];
    if (!categories.has(category)) return null;
    return Buffer.from(illustrate(category as (typeof pictureCategories)[number], seed));
  }

  async function render(
    id: string,
    width: number,
    format: ImageFormat,
    file: string,
  ): Promise<Buffer | null> {
    const input = await source(id);
    if (!input) return null;
    const image = sharp(input, { density: 144 }).resize({ width, withoutEnlargement: false });
    const output = await encoders[format](image).toBuffer();
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(tmp, output);
    await fs.rename(tmp, file);
    return output;
  }

  return {
    /** The rendition's bytes, or null when there is no such picture. */
    async get(id: string, width: number, format: ImageFormat): Promise<Buffer | null> {
      const file = path.join(cacheDir, id, `${width}.${format}`);
      try {
        return await fs.readFile(file);
      } catch {
        // not rendered yet
      }
      const key = `${id}/${width}.${format}`;
      let job = inFlight.get(key);
      if (!job) {
        job = render(id, width, format, file).finally(() => inFlight.delete(key));
        inFlight.set(key, job);
      }
      return job;
    },
  };
}
