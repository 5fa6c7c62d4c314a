import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Test files start longest first, within each group of files that run together: on two workers, a
// long file that starts late runs alone at the end while the other worker waits. A file's length is
// what it took in the last run here (Vitest's own cache) or, in a clean clone, which has no cache,
// the figure in tests/durations.json (`npm run test:durations` writes it from a run's JSON report).
// A file known to neither starts first: it may be long.

/** Milliseconds per test file (its path from the project's root), from a whole run. */
export const durationsFile = path.resolve(import.meta.dirname, '../durations.json');

function recordedDurations(): Record<string, number> {
  try {
    return JSON.parse(fs.readFileSync(durationsFile, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Vitest's order of the groups and projects, which run one after another.
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const recorded = recordedDurations();
    const groupOf = (spec: TestSpecification) =>
      `${spec.project.config.sequence.groupOrder}:${spec.project.name}`;
    const groups = [...new Set(sorted.map(groupOf))];
    const length = (spec: TestSpecification) => {
      const file = path.relative(root, spec.moduleId);
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`)?.duration;
      return cached ?? recorded[file] ?? Number.POSITIVE_INFINITY;
    };
    return sorted
      .map((spec, index) => ({ spec, index, group: groups.indexOf(groupOf(spec)), ms: length(spec) }))
      .sort((a, b) => a.group - b.group || b.ms - a.ms || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
