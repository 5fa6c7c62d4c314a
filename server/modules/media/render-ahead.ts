import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { contentPictures } from './content-pictures.js';

// Rendering every picture of the content ahead (MEDIA_PRERENDER) takes about an hour of a core on
// the demo content. Done in the serving process, its renders shared the cores with the requests
// at the same priority; so it runs in a child process at nice 19 (render-ahead-child.ts), which
// the requests' own renders and answers, here at nice 0, always come before. Requests' renders
// stay here (they are waited for), and the child pauses between two renders while one waits.
// With WORKERS > 1 only one worker has MEDIA_PRERENDER on (server/cluster.ts), so one child.

/** What the portal sends the child. */
export type AheadStart = { type: 'start'; ids: string[]; cacheDir: string; avifEffort: number };
export type ParentMessage =
  | AheadStart
  | { type: 'pause'; paused: boolean }
  | { type: 'source'; ask: number; bytes: Uint8Array | null };

/** What the child sends the portal. */
export type AheadMessage =
  | { type: 'source'; ask: number; id: string }
  | { type: 'rendered' }
  | { type: 'failed'; key: string; message: string }
  | { type: 'done'; rendered: number; failed: number; seconds: number };

/** The child's module beside this one: `.ts` under tsx (which the child inherits), `.js` when built. */
const childModule = () => {
  const here = fileURLToPath(import.meta.url);
  return path.join(path.dirname(here), `render-ahead-child${path.extname(here)}`);
};

/**
 * Starts rendering every picture of the content not rendered yet in a child process at nice 19;
 * it ends when done, and with the portal: on its close, and when the portal dies (its channel
 * closes), or when `stop` is called (the portal's close calls it). Resolves with the number of
 * pictures.
 */
export async function renderContentAhead(
  app: FastifyInstance,
): Promise<{ pictures: number; stop: () => void }> {
  const ids = await contentPictures(app.readDb);
  const child = fork(childModule(), [], {
    serialization: 'advanced',
    // The child inherits the portal's `--import` of server/tracing.ts; it serves nothing and asks
    // no database, so OpenTelemetry's own switch keeps the SDK (its memory and start) out of it.
    env: { ...process.env, OTEL_SDK_DISABLED: 'true' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const send = (message: ParentMessage) => {
    if (child.connected) child.send(message);
  };
  const stopTelling = app.media.onRequestsWaiting((paused) => send({ type: 'pause', paused }));
  let stopping = false;
  const stop = () => {
    stopping = true;
    stopTelling();
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  // An exit without a close (process.exit after an error) takes it too; a kill closes its channel.
  process.once('exit', stop);
  child.on('exit', (code, signal) => {
    stopTelling();
    process.off('exit', stop);
    if (!stopping && (code || signal))
      app.log.error(`the renders ahead stopped (${signal ?? `code ${code}`})`);
  });
  child.on('error', (err) => app.log.error({ err: { message: err.message } }, 'the renders ahead failed'));
  child.on('message', (message: AheadMessage) => {
    switch (message.type) {
      case 'source':
        app.media.source(message.id).then(
          (bytes) => send({ type: 'source', ask: message.ask, bytes }),
          () => send({ type: 'source', ask: message.ask, bytes: null }),
        );
        return;
      case 'rendered':
        app.media.countRendered(1);
        return;
      case 'failed':
        app.log.error(`rendering picture ${message.key} ahead failed: ${message.message}`);
        return;
      case 'done':
        app.log.info(
          `pictures rendered ahead: ${message.rendered} renditions in ${message.seconds} s` +
            (message.failed ? ` (${message.failed} failed)` : ''),
        );
    }
  });
  send({
    type: 'start',
    ids,
    cacheDir: app.media.cacheDir,
    avifEffort: app.config.mediaAvifEffort,
  });
  return { pictures: ids.length, stop };
}
