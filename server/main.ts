import cluster from 'node:cluster';
import closeWithGrace from 'close-with-grace';
import { findAdminBuild } from './admin-web.js';
import { buildApp } from './app.js';
import { runPrimary, SHUTDOWN } from './cluster.js';
import { ConfigError, loadConfig } from './config.js';
import { serveControl } from './control.js';
import { renderContentAhead } from './modules/media/content-pictures.js';
import { announceFirstAdminLink, prepareDatabase } from './start.js';
import { loadWebBuild } from './web.js';

const started = performance.now();
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`Configuration error: ${err.message}`);
    process.exit(2);
  }
  throw err;
}

try {
  if (config.workers > 1 && cluster.isPrimary) {
    await runPrimary(config, { info: (m) => console.log(m), error: (m) => console.error(m) });
  } else {
    await serve(config);
  }
} catch (err) {
  // A database that does not answer, a port in use: one line for the operator, not a stack trace.
  console.error(`The portal could not start: ${(err as Error).message}`);
  process.exit(1);
}

/** One server process: the whole portal on the port (alone, or as one of the cluster's workers). */
async function serve(config: ReturnType<typeof loadConfig>): Promise<void> {
  // A worker finds the database already brought up to date by the primary: this only checks it.
  const database = await prepareDatabase(config, (msg) => console.log(msg));
  const web = await loadWebBuild();
  if (!web) console.warn('no web build in dist/web: serving the API only (run npm run build)');
  const admin = await findAdminBuild();
  if (!admin) console.warn('no back office build in dist/admin: /admin is not served (run npm run build)');
  const app = await buildApp({ config, database, web, admin });

  let closing = false;
  let closeControl = async () => {};
  const grace = closeWithGrace({ delay: 10_000 }, async ({ signal, err, manual }) => {
    closing = true;
    if (err)
      app.log.error({ err: { message: err.message, stack: err.stack } }, 'server closing after an error');
    else app.log.info(`${signal ?? (manual ? 'shutdown from the primary' : 'exit')}, closing`);
    await closeControl();
    await app.close();
    await database.close();
  });
  // In a cluster the primary asks; a terminal's Ctrl-C reaches every process itself as well.
  process.on('message', (message) => {
    if (message === SHUTDOWN && !closing) void grace.close();
  });
  // A worker whose primary is gone (killed) closes too, instead of holding the port alone.
  if (cluster.isWorker) {
    process.on('disconnect', () => {
      if (!closing) void grace.close();
    });
  }

  await app.listen({ port: config.port, host: config.host });
  if (!cluster.isWorker) {
    // `npm run admin:create` asks this process (with the embedded database, nobody else may open it).
    closeControl = await serveControl(database.db, config, {
      info: (msg) => app.log.info(msg),
      warn: (msg) => app.log.warn(msg),
    });
    await announceFirstAdminLink(database, config, (msg) => console.log(msg));
  }
  app.log.info(
    `portal ready on ${config.publicUrl} (${database.kind}, ${Math.round(performance.now() - started)} ms to start${cluster.isWorker ? `, worker ${process.pid}` : ''})`,
  );
  // In the background, one render at a time and only while no request waits for a render.
  if (config.mediaPrerender) {
    renderContentAhead(app).then(
      (n) =>
        app.log.info(
          `rendering the pictures of the content not rendered yet (${n} pictures) in the background`,
        ),
      (err: Error) =>
        app.log.error({ err: { message: err.message } }, 'listing the pictures to render ahead failed'),
    );
  }
}
