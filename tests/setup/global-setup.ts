import type { TestProject } from 'vitest/node';
import { chromiumPath } from '../e2e/setup/chromium.js';
import { type E2EPortal, ensureBuild, startE2EPortal } from '../e2e/setup/portal.js';
import { makeSeededDatabases } from '../helpers/app.js';

// Made once per run, before any test file, and provided to every project:
// - one migrated database with the demo content per kind (PGlite, and PostgreSQL when
//   TEST_DATABASE_URL is set): each API test file works on a copy of its own (tests/helpers/app.ts
//   `seededDatabase`), so none of them migrates or seeds;
// - for the end-to-end projects, the production build and one portal for all their files, started
//   from a copy of the seeded PGlite database.
// The build runs in a child process while this one seeds: on two cores the two overlap.

export default async function setup(project: TestProject) {
  const e2e = project.vitest.projects.some((p) => p.name.startsWith('e2e'));
  const chromium = e2e ? chromiumPath() : null;
  project.provide('chromium', chromium);
  project.provide('baseUrl', '');
  project.provide('E2E_DATA_DIR', '');
  if (e2e && !chromium) {
    if (process.env.E2E_REQUIRED)
      throw new Error('E2E_REQUIRED is set but no Chromium was found (apt-get install chromium)');
    console.warn('\nNo Chromium found (apt-get install -y chromium): the end-to-end tests are skipped.\n');
  }

  const [seeded, built] = await Promise.allSettled([
    makeSeededDatabases(),
    chromium ? ensureBuild() : Promise.resolve(),
  ]);
  if (seeded.status === 'rejected') throw seeded.reason;
  const { made, drop } = seeded.value;
  let portal: E2EPortal | undefined;
  try {
    if (built.status === 'rejected') throw built.reason;
    if (chromium) portal = await startE2EPortal(made.pglite);
  } catch (err) {
    // No teardown runs after a failed setup.
    await drop();
    throw err;
  }
  project.provide('seededDatabases', made);
  if (portal) {
    project.provide('baseUrl', portal.baseUrl);
    project.provide('E2E_DATA_DIR', portal.dataDir);
  }
  return async () => {
    await portal?.stop();
    await drop();
  };
}
