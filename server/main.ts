import cluster from 'node:cluster';
import { primaryPrepared, runPrimary, SHUTDOWN } from './cluster.js';
import { ConfigError, loadConfig } from './config.js';
import { shutdownTracing, tracingRuns, tracingWanted } from './lib/tracing-state.js';

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

if (tracingWanted() && !tracingRuns()) {
  console.warn(
    'OTEL_EXPORTER_OTLP_ENDPOINT is set, but the portal was started without --import ./dist/server/tracing.js (npm start adds it): no traces',
  );
}

try {
  // The primary of a cluster loads only what it runs (cluster.ts): the workers' code (the app, the
  // pages, the schemas) costs each process seconds of CPU, which a restart after a crash would wait
  // for twice.
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
  const [
    { default: closeWithGrace },
    { findAdminBuild },
    { buildApp },
    { renderContentAhead },
    { announceFirstAdminLink, prepareDatabase },
    { loadWebBuild },
    { serveControl },
    { exposeMetrics, answerPrimaryScrapes },
    { markDraining },
  ] = await Promise.all([
    import('close-with-grace'),
    import('./admin-web.js'),
    import('./app.js'),
    import('./modules/media/render-ahead.js'),
    import('./start.js'),
    import('./web.js'),
    import('./control.js'),
    import('./lib/metrics-server.js'),
    import('./modules/health/readiness.js'),
  ]);
  if (cluster.isWorker && config.metricsPort) answerPrimaryScrapes();
  const web = await loadWebBuild();
  if (!web) console.warn('no web build in dist/web: serving the API only (run npm run build)');
  const admin = await findAdminBuild();
  if (!admin) console.warn('no back office build in dist/admin: /admin is not served (run npm run build)');
  // A worker's code is loaded while the primary brings the database up to date; then it only opens it.
  if (cluster.isWorker) await primaryPrepared();
  const database = await prepareDatabase(config, (msg) => console.log(msg), { upToDate: cluster.isWorker });
  const app = await buildApp({ config, database, web, admin });

  let closing = false;
  let closeControl = async () => {};
  let closeMetrics = async () => {};
  let stopRenderingAhead = () => {};
  const grace = closeWithGrace({ delay: 10_000 }, async ({ signal, err, manual }) => {
    closing = true;
    markDraining(app);
    if (err)
      app.log.error({ err: { message: err.message, stack: err.stack } }, 'server closing after an error');
    else app.log.info(`${signal ?? (manual ? 'shutdown from the primary' : 'exit')}, closing`);
    stopRenderingAhead();
    await closeControl();
    await closeMetrics();
    await app.close();
    await database.close();
    // the spans of the last requests
    await shutdownTracing();
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
  closeMetrics = await exposeMetrics(app, config);
  if (!cluster.isWorker) {
    // `npm run admin:create` asks this process (with the embedded database, nobody else may open it).
    closeControl = await serveControl(database, config, {
      info: (msg) => app.log.info(msg),
      warn: (msg) => app.log.warn(msg),
    });
    await announceFirstAdminLink(database, config, (msg) => console.log(msg));
  }
  app.log.info(
    `portal ready on ${config.publicUrl} (${database.kind}, ${Math.round(performance.now() - started)} ms to start${cluster.isWorker ? `, worker ${process.pid}` : ''})`,
  );
  // In the background, in a process of its own at nice 19, pausing while a request waits for a render.
  if (config.mediaPrerender) {
    renderContentAhead(app).then(
      ({ pictures, stop }) => {
        if (closing) stop();
        stopRenderingAhead = stop;
        app.log.info(
          `rendering the pictures of the content not rendered yet (${pictures} pictures) in the background`,
        );
      },
      (err: Error) =>
        app.log.error({ err: { message: err.message } }, 'listing the pictures to render ahead failed'),
    );
  }
}
