// How big and how fast is GET /api/map/points/ with the demo content and with many generated places?
//   npx tsx bench/map-points.ts [places=50000] [out.json]
// Opens a throwaway in-memory PGlite, applies the migrations, loads the demo content, inserts the
// generated places through the same schema, then asks the API as a browser would (gzip).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { type PlaceSection, placeSections, sectionOf } from '../common/sections.js';
import { loadContent } from '../content/load.js';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { seedIfEmpty } from '../server/db/seed.js';
import { contentDir } from '../server/paths.js';

const count = Number(process.argv[2] ?? 50_000);
const out = process.argv[3];
const sections = placeSections;
const words = [
  'Усадьба',
  'Музей',
  'Церковь',
  'Парк',
  'Гостиница',
  'Кафе',
  'Озеро',
  'Крепость',
  'Мельница',
  'Дом',
];
const places = ['Лесная', 'Речная', 'Старая', 'Северная', 'Заозёрная', 'Луговая', 'Сосновая', 'Каменная'];

/** A deterministic pseudo-random generator, so that runs compare. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function measure(app: Awaited<ReturnType<typeof buildApp>>, label: string) {
  const started = performance.now();
  const cold = await app.inject({ url: '/api/map/points/', headers: { 'accept-encoding': 'gzip' } });
  const coldMs = performance.now() - started;
  const again = performance.now();
  const warm = await app.inject({ url: '/api/map/points/', headers: { 'accept-encoding': 'gzip' } });
  const warmMs = performance.now() - again;
  const raw = zlib.gunzipSync(warm.rawPayload);
  const body = JSON.parse(raw.toString('utf8')) as { points: { id: unknown[] }; routes: unknown[] };
  const br = await app.inject({ url: '/api/map/points/', headers: { 'accept-encoding': 'br' } });
  console.log(
    `${label}: ${body.points.id.length} points, ${body.routes.length} routes; ` +
      `raw ${(raw.length / 1024).toFixed(1)} KiB, gzip ${(cold.rawPayload.length / 1024).toFixed(1)} KiB, ` +
      `br ${(br.rawPayload.length / 1024).toFixed(1)} KiB; first answer ${coldMs.toFixed(0)} ms, cached ${warmMs.toFixed(0)} ms`,
  );
  return raw;
}

const database = await openDatabase({ dataDir: 'memory://' });
await migrateToLatest(database.db);
await seedIfEmpty(database.db, await loadContent(path.join(contentDir, 'data')));
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
let app = await buildApp({ config, database });
await measure(app, 'demo content');
await app.close();

const rnd = random(47);
const districts = (await database.db.selectFrom('districts').select(['id', 'lat', 'lon']).execute()).map(
  (d) => d,
);
const tourism = (await database.db.selectFrom('tourism_types').select('id').execute()).map((t) => t.id);
const startedInsert = performance.now();
const batch = 1000;
for (let start = 0; start < count; start += batch) {
  const rows = [];
  for (let i = start; i < Math.min(count, start + batch); i++) {
    const d = districts[Math.floor(rnd() * districts.length)] as { id: number; lat: number; lon: number };
    const section = sections[i % sections.length] as PlaceSection;
    const name = `${words[Math.floor(rnd() * words.length)]} «${places[Math.floor(rnd() * places.length)]} ${i + 1}»`;
    rows.push({
      section,
      id: 100_000 + i,
      key: `bench-${i}`,
      name: JSON.stringify({ ru: name, en: `Place ${i + 1}`, zh: `地点 ${i + 1}` }),
      annotation: JSON.stringify({ ru: '' }),
      description: JSON.stringify({ ru: '' }),
      district_id: d.id,
      lat: d.lat + (rnd() - 0.5) * 0.6,
      lon: d.lon + (rnd() - 0.5) * 1.2,
      images: [`${section === 'attractions' ? 'attraction' : 'place'}.bench-${i % 500}`],
      tourism_type_ids: rnd() < 0.6 ? [tourism[Math.floor(rnd() * tourism.length)] as number] : [],
      type_id: sectionOf(section).typeKind ? 1 + Math.floor(rnd() * 5) : null,
      kitchen_type_ids: [],
      popular: false,
    });
  }
  await database.db.insertInto('places').values(rows).execute();
}
console.log(`inserted ${count} places in ${((performance.now() - startedInsert) / 1000).toFixed(1)} s`);
app = await buildApp({ config, database });
const raw = await measure(app, `demo content + ${count} generated places`);
if (out) {
  await fs.writeFile(out, raw);
  console.log(`written to ${out}`);
}
await app.close();
await database.close();
await fs.rm(dataDir, { recursive: true, force: true });
