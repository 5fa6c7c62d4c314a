import type { TestProject } from 'vitest/node';
import { makeSeededDatabases } from '../../helpers/app.js';

// One migrated database with the demo content per kind for the whole run; each test file works on
// a copy of its own (tests/helpers/app.ts `seededDatabase`), so none of them migrates or seeds.

export default async function setup(project: TestProject) {
  const { made, drop } = await makeSeededDatabases();
  project.provide('seededDatabases', made);
  return drop;
}
