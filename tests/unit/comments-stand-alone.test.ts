import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A comment, a test name or a message in the code states its rule and why; it never sends the reader to
// a document that is not in the repository (the product spec and its sections, DESIGN.md, STYLE.md,
// NOTES.md) or to a work item ("issue 4", "audit item 3"). Such a reader cannot follow the reference,
// and the rule is lost the day the document moves. Records in docs/decisions/ are in the repository and
// may be cited.

const root = fileURLToPath(new URL('../..', import.meta.url));
const self = relative(root, fileURLToPath(import.meta.url));

/** Where the code is: the source, scripts, benchmarks and tests, and the configuration at the top. */
const codeDirs = ['server', 'web', 'common', 'scripts', 'bench', 'tests'];
const codeExtensions = new Set(['.ts', '.tsx', '.js', '.mjs', '.cjs', '.css', '.sql', '.json', '.yaml']);
/** Installed, built or measured, not written: nothing here is ours to word. */
const skippedDirs = new Set(['node_modules', 'dist', 'build', 'coverage', '.react-router', 'results']);

const citations: [RegExp, string][] = [
  [/\bspec(?:ification)?\s*(?:sections?\b|§)/i, 'a section of the spec'],
  [/§/, 'a section sign'],
  [/\bthe (?:product |portal )?spec(?:ification)?\b/i, 'the spec'],
  [/\bspec's\b/i, 'the spec'],
  [/portal-spec/i, 'the spec'],
  [/\bissues? #?\d/i, 'a work item'],
  [/\b(?:audit|work) items?\b/i, 'a work item'],
  [/\b(?:DESIGN|STYLE|NOTES)\.md\b/i, 'a document outside the repository'],
];

/** A line's text after its comment marker (`//`, `*`, `--`, `/*`), to join it to the line before. */
const continuation = (line: string) => line.trim().replace(/^(?:\/\/+|\/\*+|\*|--)\s*/, '');

/** What a line cites, also when the citation runs on into the next line ("(spec" / "section 2)"). */
function citationOf(line: string, next: string): string | undefined {
  const alone = citations.find(([pattern]) => pattern.test(line));
  if (alone) return alone[1];
  const joined = `${line.trimEnd()} ${continuation(next)}`;
  return citations.find(([pattern]) => pattern.test(joined) && !pattern.test(next))?.[1];
}

function codeFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skippedDirs.has(entry.name)) files.push(...codeFiles(path));
    } else if (codeExtensions.has(extname(entry.name))) {
      files.push(path);
    }
  }
  return files;
}

function sourceFiles(): string[] {
  const top = readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isFile() && codeExtensions.has(extname(e.name)) && e.name !== 'package-lock.json')
    .map((e) => e.name);
  // content/ holds the demo data (its texts are the portal's, not ours); only its code is scanned.
  const content = readdirSync(join(root, 'content'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.startsWith('data'))
    .map((name) => join('content', name));
  return [...top, ...codeDirs.flatMap(codeFiles), ...content].filter((file) => file !== self).sort();
}

describe('comments stand on their own', () => {
  it('scans the code', () => {
    const files = sourceFiles();
    expect(files).toContain(join('server', 'main.ts'));
    expect(files).toContain(join('web', 'root.tsx'));
    expect(files).toContain(join('content', 'load.ts'));
    expect(files).not.toContain(self);
  });

  it('cites no spec section, design note or work item', () => {
    const hits: string[] = [];
    for (const file of sourceFiles()) {
      const lines = readFileSync(join(root, file), 'utf8').split('\n');
      lines.forEach((line, i) => {
        const found = citationOf(line, lines[i + 1] ?? '');
        if (found) hits.push(`${file}:${i + 1}: ${found}: ${line.trim()}`);
      });
    }
    expect(hits, 'each of these lines should state its rule and why instead').toEqual([]);
  });
});
