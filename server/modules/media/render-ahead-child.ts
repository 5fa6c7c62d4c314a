import fs from 'node:fs';
import os from 'node:os';
import {
  encodersWith,
  illustrationOf,
  isIllustration,
  others,
  type Rendition,
  renderInto,
  renditionFile,
  standIn,
} from './render.js';
import type { AheadMessage, AheadStart, ParentMessage } from './render-ahead.js';

// The renders ahead (MEDIA_PRERENDER), in a process of their own at the lowest priority (nice 19):
// an hour of a core on the demo content that the requests, in the serving process at nice 0, take
// from whenever they need it. Started and stopped by server/modules/media/render-ahead.ts.

/**
 * Every thread of this process at nice 19. On Linux a nice value is a thread's, and a thread
 * inherits it from the thread that creates it: the threads there are now (V8's) are set one by
 * one, and those made later (libuv's pool, libvips's) take it from them.
 */
function lowestPriority(): void {
  let threads: string[] = [];
  try {
    threads = fs.readdirSync('/proc/self/task');
  } catch {
    // not Linux: the process's priority is all there is
  }
  if (!threads.length) os.setPriority(19);
  for (const tid of threads) {
    try {
      os.setPriority(Number(tid), 19);
    } catch {
      // a thread that ended meanwhile
    }
  }
}

lowestPriority();

const send = (message: AheadMessage) => process.send?.(message);
// The portal stopped or died: the channel closed with it.
process.once('disconnect', () => process.exit(0));

let paused = false;
let resume: (() => void) | undefined;
const sources = new Map<number, (bytes: Uint8Array | null) => void>();
let asked = 0;

/** The original of a picture of the media table, read by the portal (which holds the database). */
const originalOf = (id: string) =>
  new Promise<Uint8Array | null>((resolve) => {
    const ask = ++asked;
    sources.set(ask, resolve);
    send({ type: 'source', ask, id });
  });

const started = new Promise<AheadStart>((resolve) => {
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'start') resolve(message);
    else if (message.type === 'pause') {
      paused = message.paused;
      if (!paused) resume?.();
    } else if (message.type === 'source') {
      sources.get(message.ask)?.(message.bytes);
      sources.delete(message.ask);
    }
  });
});

/** Between two renders: the portal's messages are read, and none starts while a request waits. */
async function turn(): Promise<void> {
  await new Promise((r) => setImmediate(r));
  while (paused) await new Promise<void>((r) => (resume = r));
}

async function main(): Promise<void> {
  const { ids, cacheDir, avifEffort } = await started;
  const encoders = encodersWith(avifEffort);
  const began = performance.now();
  let rendered = 0;
  let failed = 0;
  // Two passes: every picture's stand-in first (the cards and the map), then the other renditions.
  const passes: [string, Rendition][][] = [
    ids.map((id) => [id, standIn]),
    ids.flatMap((id) => others.map((r): [string, Rendition] => [id, r])),
  ];
  for (const pass of passes) {
    for (const [id, r] of pass) {
      const file = renditionFile(cacheDir, id, r);
      if (fs.existsSync(file)) continue;
      await turn();
      try {
        const input = isIllustration(id) ? illustrationOf(id) : await originalOf(id);
        if (!input) continue;
        await renderInto(file, Buffer.from(input), r, encoders);
        rendered++;
        send({ type: 'rendered' });
      } catch (err) {
        failed++;
        send({ type: 'failed', key: `${id}/${r.width}.${r.format}`, message: (err as Error).message });
      }
    }
  }
  send({ type: 'done', rendered, failed, seconds: Math.round((performance.now() - began) / 1000) });
  process.disconnect();
}

void main();
