import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Sharp } from 'sharp';
import {
  type ImageFormat,
  imageFormats,
  imageWidths,
  type PictureCategory,
  pictureCategories,
} from '../../../common/media.js';
import type { DB } from '../../db/schema.js';
import { illustrate } from '../../lib/illustrations/illustrate.js';
import { imageLibrary } from '../../lib/image-library.js';
import { createRenderQueue, type RenderTask } from './render-queue.js';

const categories = new Set<string>(pictureCategories);

/** The encoders; `avifEffort` trades an AVIF's CPU time for its size (0 fastest, 9 smallest). */
const encodersWith = (avifEffort: number): Record<ImageFormat, (s: Sharp) => Sharp> => ({
  jpg: (s) => s.flatten({ background: '#ffffff' }).jpeg({ quality: 78, mozjpeg: true }),
  webp: (s) => s.webp({ quality: 74 }),
  avif: (s) => s.avif({ quality: 50, effort: avifEffort }),
});

export const contentTypes: Record<ImageFormat, string> = {
  jpg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
};

/** The formats a client that asks for one format takes too: every AVIF or WebP browser shows JPEG. */
const takenFor: Record<ImageFormat, readonly ImageFormat[]> = {
  jpg: ['jpg'],
  webp: ['webp', 'jpg'],
  avif: ['avif', 'webp', 'jpg'],
};

interface Rendition {
  width: number;
  format: ImageFormat;
}

/**
 * Rendered ahead first for every picture: the 640 px JPEG is the API's `img` (cards, map, social
 * previews), and it stands in for any rendition of the picture not rendered yet.
 */
const standIn: Rendition = { width: 640, format: 'jpg' };
/** Then the others: AVIF first (what browsers take), small widths first (phones). */
const others: Rendition[] = [...imageFormats]
  .reverse()
  .flatMap((format) => imageWidths.map((width) => ({ width, format })))
  .filter((r) => r.width !== standIn.width || r.format !== standIn.format);

/**
 * What a rendition is thought to cost until one of its kind has been timed: per megapixel of a
 * 16:10 picture, as measured on a loaded 2-core machine (AVIF is by far the slowest: 1600 px took
 * 1.7 s there, a JPEG or WebP of the same width 0.2-0.3 s).
 */
const msPerMegapixel: Record<ImageFormat, number> = { jpg: 150, webp: 200, avif: 1200 };
const guessMs = (r: Rendition) => 20 + (msPerMegapixel[r.format] * r.width * r.width * 0.625) / 1e6;

/** What a picture request gets. */
export type Picture =
  /** The rendition asked for: the same bytes for ever. */
  | { kind: 'rendition'; body: Buffer }
  /** Another rendition of the same picture, while the one asked for waits for its turn. */
  | { kind: 'stand-in'; body: Buffer; format: ImageFormat; width: number }
  /** Nothing of this picture is rendered yet and the renders ahead of it take too long. */
  | { kind: 'later'; retryAfterSeconds: number }
  | { kind: 'missing' };

export interface MediaPipelineOptions {
  cacheDir: string;
  log: FastifyBaseLogger;
  /** Renders at once. */
  concurrency: number;
  /** libavif's effort for AVIF renditions (default 3). */
  avifEffort?: number;
  /** The longest a request waits for its rendition before it gets a stand-in or "later". */
  maxWaitMs?: number;
}

/**
 * Renders pictures in every width and format and keeps each rendition on disk. The source is the
 * original stored in the media table (a real photo or a logo) or, when there is none, the
 * generated illustration of the id's category. A picture never changes under its id.
 *
 * Rendering is slow (an AVIF of 1600 px takes more than a second of a core), so it never runs on
 * a request's own account: every render goes through one bounded queue. Requests' renders come
 * first; when none waits, the pictures announced with `pictureAdded` are rendered ahead.
 */
export function createMediaPipeline(db: Kysely<DB>, options: MediaPipelineOptions) {
  const { cacheDir, log } = options;
  const encoders = encodersWith(options.avifEffort ?? 3);
  const fileOf = (id: string, r: Rendition) => path.join(cacheDir, id, `${r.width}.${r.format}`);

  /** Pictures to render ahead, in the order announced; the cursors walk it in two passes. */
  const ahead: string[] = [];
  const announced = new Set<string>();
  let standInsAt = 0;
  let othersAt = 0;
  let otherRendition = 0;
  let rendered = 0;
  let renderedAhead = 0;
  let aheadStarted = 0;

  async function source(id: string): Promise<Buffer | null> {
    const original = await db.selectFrom('media').select('data').where('id', '=', id).executeTakeFirst();
    if (original) return Buffer.from(original.data);
    const [category, seed] = id.split('.') as [string, string];
    if (!categories.has(category)) return null;
    return Buffer.from(illustrate(category as PictureCategory, seed));
  }

  async function exists(id: string): Promise<boolean> {
    if (categories.has(id.split('.')[0] as string)) return true;
    return !!(await db.selectFrom('media').select('id').where('id', '=', id).executeTakeFirst());
  }

  async function readCached(file: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(file);
    } catch {
      return null;
    }
  }

  async function render(id: string, r: Rendition): Promise<Buffer | null> {
    const file = fileOf(id, r);
    // Rendered meanwhile by the background, or by another portal process on the same DATA_DIR.
    const cached = await readCached(file);
    if (cached) return cached;
    const input = await source(id);
    if (!input) return null;
    const sharp = await imageLibrary();
    const image = sharp(input, { density: 144 }).resize({ width: r.width, withoutEnlargement: false });
    const output = await encoders[r.format](image).toBuffer();
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(tmp, output);
    await fs.rename(tmp, file);
    rendered++;
    return output;
  }

  const task = (id: string, r: Rendition): RenderTask<Buffer | null> => ({
    key: `${id}/${r.width}.${r.format}`,
    kind: `${r.width}.${r.format}`,
    run: () => render(id, r),
    guessMs: guessMs(r),
  });

  async function nextAhead(): Promise<RenderTask<Buffer | null> | undefined> {
    for (;;) {
      let id: string;
      let r: Rendition;
      if (standInsAt < ahead.length) {
        id = ahead[standInsAt++] as string;
        r = standIn;
      } else if (othersAt < ahead.length) {
        id = ahead[othersAt] as string;
        r = others[otherRendition++] as Rendition;
        if (otherRendition === others.length) {
          otherRendition = 0;
          othersAt++;
        }
      } else {
        if (renderedAhead) {
          const seconds = Math.round((performance.now() - aheadStarted) / 1000);
          log.info(`pictures rendered ahead: ${renderedAhead} renditions in ${seconds} s`);
        }
        renderedAhead = 0;
        return undefined;
      }
      try {
        await fs.access(fileOf(id, r));
        continue;
      } catch {
        // not rendered yet
      }
      if (!renderedAhead++) aheadStarted = performance.now();
      return task(id, r);
    }
  }

  const queue = createRenderQueue<Buffer | null>({
    concurrency: options.concurrency,
    maxWaitMs: options.maxWaitMs ?? 10_000,
    nextBackground: nextAhead,
    onBackgroundError: (key, err) =>
      log.error({ err: { message: (err as Error).message } }, `rendering picture ${key} ahead failed`),
  });

  /** The rendered rendition of `id` nearest to the one asked for, in a format the asker takes. */
  async function nearestRendered(id: string, asked: Rendition): Promise<Picture | null> {
    let names: string[];
    try {
      names = await fs.readdir(path.join(cacheDir, id));
    } catch {
      return null;
    }
    const taken = takenFor[asked.format];
    const candidates = names
      .map((name) => /^(\d+)\.(jpg|webp|avif)$/.exec(name))
      .filter((m): m is RegExpExecArray => !!m && taken.includes(m[2] as ImageFormat))
      .map((m) => ({ width: Number(m[1]), format: m[2] as ImageFormat }))
      // Rather larger than smaller, then the nearest width, then the format asked for.
      .sort(
        (a, b) =>
          Number(a.width < asked.width) - Number(b.width < asked.width) ||
          Math.abs(a.width - asked.width) - Math.abs(b.width - asked.width) ||
          taken.indexOf(a.format) - taken.indexOf(b.format),
      );
    for (const c of candidates) {
      const body = await readCached(fileOf(id, c));
      if (body) return { kind: 'stand-in', body, ...c };
    }
    return null;
  }

  return {
    /** A rendition of a picture: rendered, rendered now (within the wait bound), a stand-in or "later". */
    async get(id: string, width: number, format: ImageFormat): Promise<Picture> {
      const asked = { width, format };
      const cached = await readCached(fileOf(id, asked));
      if (cached) return { kind: 'rendition', body: cached };
      if (!(await exists(id))) return { kind: 'missing' };
      const waited = await queue.request(task(id, asked));
      if (waited.done) return waited.value ? { kind: 'rendition', body: waited.value } : { kind: 'missing' };
      return (
        (await nearestRendered(id, asked)) ?? { kind: 'later', retryAfterSeconds: waited.retryAfterSeconds }
      );
    },

    /**
     * A picture was added (a new item's illustration, a photo stored in the media table): its
     * renditions are rendered in the background, when no request waits for a render.
     */
    pictureAdded(id: string): void {
      if (announced.has(id)) return;
      announced.add(id);
      ahead.push(id);
      queue.wake();
    },

    /** Renders done so far, requests waiting for a render, renders running, and whether all is done. */
    get stats() {
      return { rendered, ...queue.size, idle: queue.idle };
    },

    /** Stops rendering: the waiting requests get "later", the running renders end. */
    close: () => queue.close(),
  };
}

export type MediaPipeline = ReturnType<typeof createMediaPipeline>;
