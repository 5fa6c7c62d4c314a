import { defineConfig } from 'vitest/config';
import LongestFirst from './tests/setup/sequencer';

// CI asks for a JSON report beside the console output, to print one closing summary line.
const jsonReport = process.env.VITEST_JSON_REPORT;

/**
 * End-to-end files that measure how fast the portal answers (a page within 1 s while pictures are
 * rendered, a 503 within 2 s while the database hangs, again within 10 s after a crash, no failed
 * request under a steady load while the servers restart one by one): they run
 * after every other file, one at a time, so that no other test's load is in their figures.
 */
const timed = [
  'tests/e2e/pictures-flood.test.ts',
  'tests/e2e/database-outage.test.ts',
  'tests/e2e/crash-restart.test.ts',
  'tests/e2e/rolling-restart.test.ts',
];

const e2e = {
  // A guard against a hung flow, not a speed check: the longest flows (an editor's ten steps and
  // more in the back office) took 60-130 s on a machine whose system calls cost 1.4 µs (`dd bs=1`),
  // three to four times their time on a faster machine of the same size.
  testTimeout: 180_000,
  hookTimeout: 180_000,
  pool: 'forks',
  // Hydration and client fetches take longer on a loaded 2-core machine than the default 1 s.
  expect: { poll: { timeout: 20_000 } },
} as const;

export default defineConfig({
  test: {
    reporters: jsonReport ? ['default', ['json', { outputFile: jsonReport }]] : ['default'],
    // The seeded databases, the build and the end-to-end portal, once for all projects.
    globalSetup: ['tests/setup/global-setup.ts'],
    // The longest files first (their lengths in tests/durations.json).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'api',
          include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // Three files at a time even on two cores (the default there is one): most of a file's
          // time is waiting for a database, a child process or a timer, not the CPU. With two, the
          // project took 465 s for 645 s of files' own time.
          maxWorkers: 3,
          // A worker runs file after file with the modules it already imported (the server's
          // modules, PGlite, fastify): importing them again for each file cost a third of this
          // project's time. Each file still builds its own app and database copy.
          isolate: false,
          env: { NODE_ENV: 'test' },
        },
      },
      {
        test: {
          ...e2e,
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: timed,
          // Three files at a time on two cores, on the one portal: most of a browser test's time is
          // waiting for the network to go quiet, an animation or a debounce (a whole run used about
          // a quarter of the machine's CPU). Three took the project from 15 to 11 minutes at load 14.
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...e2e,
          name: 'e2e-timed',
          include: timed,
          fileParallelism: false,
        },
      },
    ],
  },
});
