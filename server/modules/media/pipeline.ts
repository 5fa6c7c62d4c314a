import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ImageFormat } from '../../../common/media.js';
import type { DB } from '../../db/schema.js';
import {
  encodersWith,
  illustrationOf,
  isIllustration,
  others,
  type Rendition,
  readCached,
  renderInto,
  renditionFile,
  standIn,
} from './render.js';
import { createRenderQueue, type RenderTask } from './render-queue.js';

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
  const fileOf = (id: string, r: Rendition) => renditionFile(cacheDir, id, r);

  /** Pictures to render ahead, in the order announced; the cursors walk it in two passes. */
  const ahead: string[] = [];
  const announced = new Set<string>();
  let standInsAt = 0;
  let othersAt = 0;
  let otherRendition = 0;
  let rendered = 0;
  let renderedAhead = 0;
  let aheadStarted = 0;
  /** Requests waiting for a render now, and who is told when the first starts and the last ends. */
  let asking = 0;
  const askingListeners = new Set<(asking: boolean) => void>();
  const setAsking = (change: 1 | -1) => {
    asking += change;
    if (asking === (change === 1 ? 1 : 0)) for (const listener of askingListeners) listener(asking > 0);
  };

  /** The original stored in the media table, or the generated illustration; null: no such picture. */
  async function source(id: string): Promise<Buffer | null> {
    const original = await db.selectFrom('media').select('data').where('id', '=', id).executeTakeFirst();
    if (original) return Buffer.from(original.data);
    return isIllustration(id) ? illustrationOf(id) : null;
  }

  async function exists(id: string): Promise<boolean> {
    if (isIllustration(id)) return true;
    return !!(await db.selectFrom('media').select('id').where('id', '=', id).executeTakeFirst());
  }

  async function render(id: string, r: Rendition): Promise<Buffer | null> {
    const file = fileOf(id, r);
    // Rendered meanwhile by the background, or by another portal process on the same DATA_DIR.
    const cached = await readCached(file);
    if (cached) return cached;
    const input = await source(id);
    if (!input) return null;
    const output = await renderInto(file, input, r, encoders);
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
      setAsking(1);
      let waited: Awaited<ReturnType<typeof queue.request>>;
      try {
        waited = await queue.request(task(id, asked));
      } finally {
        setAsking(-1);
      }
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

    /** Where the renditions are kept. */
    cacheDir,

    /** The source of a picture (an original's bytes or an illustration's SVG), or null. */
    source,

    /**
     * Calls `listener(true)` when a request starts waiting for a render while none did, and
     * `listener(false)` when the last one stops: renders done elsewhere (ahead, in their own
     * process) pause meanwhile. Returns the call that stops telling it.
     */
    onRequestsWaiting(listener: (waiting: boolean) => void): () => void {
      askingListeners.add(listener);
      return () => askingListeners.delete(listener);
    },

    /** Counts renders done by another process for this one (the renders ahead), for the metrics. */
    countRendered(n: number): void {
      rendered += n;
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
