import { defineConfig } from 'vitest/config';

// CI asks for a JSON report beside the console output, to print one closing summary line.
const jsonReport = process.env.VITEST_JSON_REPORT;

export default defineConfig({
  test: {
    reporters: jsonReport ? ['default', ['json', { outputFile: jsonReport }]] : ['default'],
    projects: [
      {
        test: {
          name: 'api',
          include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
          globalSetup: ['tests/api/setup/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // Two files at a time even on two cores (the default there is one): most of a file's time
          // is waiting for a database, a child process or a timer, not the CPU.
          maxWorkers: 2,
          env: { NODE_ENV: 'test' },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/setup/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          fileParallelism: false,
          // Hydration and client fetches take longer on a loaded 2-core machine than the default 1 s.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
