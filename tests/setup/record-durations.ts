// Writes tests/durations.json, how long each test file took, from JSON reports of runs (the one CI
// writes: `VITEST_JSON_REPORT=<file> npm test`, then `npm run test:durations -- <file>...`; a
// later report's figure for a file wins). The sequencer (tests/setup/sequencer.ts) starts the
// longest files first with these figures.
import fs from 'node:fs';
import path from 'node:path';
import { durationsFile } from './sequencer.js';

const reports = process.argv.length > 2 ? process.argv.slice(2) : ['.ci/vitest-report.json'];
const root = path.resolve(import.meta.dirname, '../..');
/** A file's path from its checkout's root, which may be another clone's (CI's). */
const fromRoot = (file: string) => file.slice(file.lastIndexOf(`${path.sep}tests${path.sep}`) + 1);
const testResults = reports.flatMap(
  (report) =>
    (
      JSON.parse(fs.readFileSync(report, 'utf8')) as {
        testResults: { name: string; startTime: number; endTime: number }[];
      }
    ).testResults,
);
const durations = Object.fromEntries(
  testResults
    .map((file) => [fromRoot(file.name), Math.round((file.endTime - file.startTime) / 100) * 100] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
fs.writeFileSync(durationsFile, `${JSON.stringify(durations, null, 2)}\n`);
console.log(
  `${Object.keys(durations).length} files' durations written to ${path.relative(root, durationsFile)}`,
);
