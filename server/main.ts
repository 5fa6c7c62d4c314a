import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { prepareDatabase } from './start.js';
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

const database = await prepareDatabase(config, (msg) => console.log(msg));
const web = await loadWebBuild();
if (!web) console.warn('no web build in dist/web: serving the API only (run npm run build)');
const app = await buildApp({ config, database, web });

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err)
    app.log.error({ err: { message: err.message, stack: err.stack } }, 'server closing after an error');
  else app.log.info(`${signal} received, closing`);
  await app.close();
  await database.close();
});

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `portal ready on ${config.publicUrl} (${database.kind}, ${Math.round(performance.now() - started)} ms to start)`,
);
