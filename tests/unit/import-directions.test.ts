import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The feature folders of the web app may use one another, but never in a circle: two folders that
// import each other are one feature split in two, and neither can be understood, moved or loaded
// lazily without the other. (Which layer may import which is the linter's noRestrictedImports in
// biome.json; it matches import paths and cannot follow a graph, so the circles are checked here.)

const root = path.resolve(import.meta.dirname, '../..');
const featuresDir = path.join(root, 'web/features');

/** Static imports, re-exports, side-effect imports and dynamic `import()`, type-only ones included. */
const specifier = /\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The feature folder a path is in (`web/features/<name>/...`), or null outside web/features. */
function featureOf(file: string): string | null {
  const rel = path.relative(featuresDir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [name, ...rest] = rel.split(path.sep);
  return rest.length > 0 ? (name ?? null) : null;
}

interface Edge {
  from: string;
  to: string;
  /** `web/features/a/x.ts -> web/features/b/y` */
  line: string;
}

/** Every import from one feature folder into another. */
function featureEdges(): Edge[] {
  const edges: Edge[] = [];
  for (const file of sourceFiles(featuresDir)) {
    const from = featureOf(file) as string;
    for (const match of fs.readFileSync(file, 'utf8').matchAll(specifier)) {
      const spec = match[1] as string;
      if (!spec.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), spec);
      const to = featureOf(target);
      if (to && to !== from) {
        edges.push({ from, to, line: `${path.relative(root, file)} -> ${path.relative(root, target)}` });
      }
    }
  }
  return edges;
}

/** The groups of two or more folders that reach one another (strongly connected components). */
function circles(edges: Edge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    if (!next.has(from)) next.set(from, new Set());
    next.get(from)?.add(to);
  }
  const reach = (start: string): Set<string> => {
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length > 0) {
      for (const n of next.get(stack.pop() as string) ?? []) {
        if (!seen.has(n)) {
          seen.add(n);
          stack.push(n);
        }
      }
    }
    return seen;
  };
  const reachable = new Map([...next.keys()].map((n) => [n, reach(n)]));
  const groups = new Map<string, string[]>();
  for (const [n, seen] of reachable) {
    if (!seen.has(n)) continue;
    const group = [...seen].filter((m) => reachable.get(m)?.has(n)).sort();
    groups.set(group.join(), group);
  }
  return [...groups.values()];
}

describe('web/features import directions', () => {
  it('finds the imports between feature folders', () => {
    // Guards the check itself: the feature folders do use each other (cards, pictures, the modal...).
    expect(featureEdges().length).toBeGreaterThan(0);
  });

  it('has no import circle between feature folders', () => {
    const edges = featureEdges();
    const found = circles(edges).map((group) => {
      const inside = edges.filter((e) => group.includes(e.from) && group.includes(e.to));
      return [`circle between ${group.join(', ')}:`, ...inside.map((e) => `  ${e.line}`)].join('\n');
    });
    expect(found, found.join('\n')).toEqual([]);
  });
});

// The back office's modules may not import one another in a circle either, whatever the length of
// the circle: a module that its own import needs back cannot be read, tested or split on its own, and
// a circle among React modules breaks hot reload and makes the order of evaluation matter.
const adminDir = path.join(root, 'web/admin');

/** The source file a relative import names (`./fields` is `fields.tsx`, `./app.js` is `app.ts`), or null for anything else. */
function moduleFile(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec.replace(/\.js$/, ''));
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ];
  return candidates.find((c) => /\.tsx?$/.test(c) && fs.existsSync(c)) ?? null;
}

/** Every import from one module of web/admin into another. */
function adminEdges(): Edge[] {
  const edges: Edge[] = [];
  for (const file of sourceFiles(adminDir)) {
    const from = path.relative(root, file);
    for (const match of fs.readFileSync(file, 'utf8').matchAll(specifier)) {
      const target = moduleFile(file, match[1] as string);
      if (!target?.startsWith(adminDir + path.sep)) continue;
      const to = path.relative(root, target);
      edges.push({ from, to, line: `${from} -> ${to}` });
    }
  }
  return edges;
}

describe('web/admin import directions', () => {
  it('finds the imports between the back office’s modules', () => {
    const edges = adminEdges();
    // Guards the check itself: a section's form is made of the field inputs' modules.
    expect(edges).toContainEqual(
      expect.objectContaining({ from: 'web/admin/content/screens.tsx', to: 'web/admin/content/fields.tsx' }),
    );
  });

  it('has no import circle between modules of the back office', () => {
    const edges = adminEdges();
    const found = circles(edges).map((group) => {
      const inside = edges.filter((e) => group.includes(e.from) && group.includes(e.to));
      return [`circle between ${group.join(', ')}:`, ...inside.map((e) => `  ${e.line}`)].join('\n');
    });
    expect(found, found.join('\n')).toEqual([]);
  });
});

// The demo content (content/: its files, its schema and its loader) is what `db:seed` and an empty
// database's first start load, never what the portal serves from: a portal whose content the staff
// keep runs without the content/ folder. So nothing the server loads statically to serve imports
// from it; the seeder is imported dynamically, only to fill an empty database (server/start.ts).
const contentFolder = path.join(root, 'content') + path.sep;
/** Static imports and re-exports (not `import()`), type-only ones included. */
const staticSpecifier =
  /^\s*(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm;

/**
 * `import('…')` with a literal: the entry loads the serving process's modules so (a cluster's
 * primary loads fewer), and they are loaded at every start as much as static ones.
 */
const literalImport = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/**
 * The modules `entry` loads, with the chain of imports that reaches each: its static imports and
 * its own literal `import()`s, then their static imports.
 */
function loadedBy(entry: string): Map<string, string[]> {
  const chains = new Map<string, string[]>([[entry, [path.relative(root, entry)]]]);
  const queue = [entry];
  for (const match of fs.readFileSync(entry, 'utf8').matchAll(literalImport)) {
    const target = moduleFile(entry, match[1] as string);
    if (!target || chains.has(target)) continue;
    chains.set(target, [path.relative(root, entry), path.relative(root, target)]);
    queue.push(target);
  }
  while (queue.length > 0) {
    const file = queue.shift() as string;
    for (const match of fs.readFileSync(file, 'utf8').matchAll(staticSpecifier)) {
      const target = moduleFile(file, (match[1] ?? match[2]) as string);
      if (!target || chains.has(target)) continue;
      chains.set(target, [...(chains.get(file) ?? []), path.relative(root, target)]);
      // The demo content's own imports do not matter: reaching it at all is the fault.
      if (!target.startsWith(contentFolder)) queue.push(target);
    }
  }
  return chains;
}

describe('the server and the demo content', () => {
  const loaded = loadedBy(path.join(root, 'server/main.ts'));

  it('follows the server’s imports', () => {
    // Guards the check itself: the server's entry reaches the app, its modules and common/.
    for (const file of ['server/app.ts', 'server/modules/media/pipeline.ts', 'common/media.ts']) {
      expect(loaded.has(path.join(root, file)), file).toBe(true);
    }
  });

  it('loads nothing of content/ to serve', () => {
    const found = [...loaded]
      .filter(([file]) => file.startsWith(contentFolder))
      .map(([, chain]) => chain.join(' -> '));
    expect(found, found.join('\n')).toEqual([]);
  });
});

// The API's schemas (TypeBox objects built when their module loads) are the server's and the back
// office's: the public pages use only their types. A value imported from one of these modules would
// put TypeBox and every schema into the pages' scripts (~25 KB gzip, and their building on a
// phone's main thread); what a page needs at run time lives in a module without schemas
// (common/sections.ts, common/accessibility.ts).
const schemaModules =
  /(?:^|\/)(?:common\/(?:api|admin-api|content-fields|editorial)(?:\.js)?|typebox(?:\/.*)?)$/;
/** Every import statement with its clause: `import type { A } from 'x'` gives ['type { A }', 'x']. */
const importStatement = /\bimport\s+([^'";]*?)\s*from\s*['"]([^'"]+)['"]/gs;

describe('the public pages and the API schemas', () => {
  const publicFiles = sourceFiles(path.join(root, 'web')).filter(
    (f) => !f.startsWith(path.join(root, 'web/admin') + path.sep),
  );

  it('reads the public pages’ imports', () => {
    const typeOnly = publicFiles.some((f) =>
      [...fs.readFileSync(f, 'utf8').matchAll(importStatement)].some(
        (m) => schemaModules.test(m[2] as string) && (m[1] as string).startsWith('type '),
      ),
    );
    expect(typeOnly).toBe(true);
  });

  it('imports only types from the schema modules', () => {
    const values = publicFiles.flatMap((f) =>
      [...fs.readFileSync(f, 'utf8').matchAll(importStatement)]
        .filter((m) => schemaModules.test(m[2] as string) && !(m[1] as string).startsWith('type '))
        .map(
          (m) => `${path.relative(root, f)}: import ${(m[1] as string).replace(/\s+/g, ' ')} from '${m[2]}'`,
        ),
    );
    expect(values, values.join('\n')).toEqual([]);
  });
});
