import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every package the code imports is declared in package.json, at the version the lock file pins:
// a package that only arrives as another one's dependency (MUI and react-hook-form through
// react-admin) changes or disappears when that one is updated, without a word. And every declared
// package is used: one that nothing imports is installed, audited and updated for nothing.

const root = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const declared = new Set([...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)]);

/** Declared packages that no source file imports, and why each is there. */
const usedWithoutImport: Record<string, string> = {
  '@biomejs/biome': 'the linter and formatter (npm run lint, npm run format)',
  '@opentelemetry/api':
    'the tracing API the SDK and the instrumentations share: declared so that they get one copy (server/tracing.ts)',
  '@opentelemetry/instrumentation':
    "its loader hook is registered by a path string (server/tracing.ts, `register('…/hook.mjs')`): the 0.222 the instrumentations need, not lighthouse's",
  '@redocly/cli': 'lints the OpenAPI document (tests/api/openapi.test.ts runs its binary)',
  '@tiptap/core':
    "a peer dependency of @tiptap/react and of the editor's extensions, at their exact version (web/admin/content/rich-text.tsx imports them)",
  '@tiptap/pm':
    'ProseMirror for TipTap: a peer dependency of @tiptap/react at its exact version (web/admin/content/rich-text.tsx)',
  'axe-core': "the one version that @axe-core/playwright and lighthouse share (package.json's overrides)",
  tsx: 'runs the scripts and the development server from the sources',
  'typescript-7': 'the type checker and the server build (npm run typecheck, npm run build)',
};

/** The code, its tests and tools, and the build configurations: everything that imports packages. */
const codeDirs = ['server', 'common', 'content', 'web', 'scripts', 'bench', 'tests'];
function codeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    // web/public is copied to the site as it is: its scripts import nothing.
    if (entry.isDirectory()) return full === path.join(root, 'web/public') ? [] : codeFiles(full);
    return /\.(tsx?|mjs)$/.test(entry.name) ? [full] : [];
  });
}
const files = [
  ...codeDirs.flatMap((d) => codeFiles(path.join(root, d))),
  ...fs
    .readdirSync(root)
    .filter((f) => /\.(ts|mjs)$/.test(f))
    .map((f) => path.join(root, f)),
];

/**
 * What a file loads: `import … from`, `export … from` and `import '…'` statements, `import('…')`,
 * `require('…')` and `createRequire(…).resolve('…')` (a package loaded by its path, as the HEIC
 * decoder is).
 */
const loads = [
  /^\s*(?:import|export)\b[^;'"]*?\bfrom\s*['"]([^'"\s]+)['"]/gm,
  /^\s*import\s*['"]([^'"\s]+)['"]/gm,
  /\b(?:import|require)\(\s*['"]([^'"\s]+)['"]\s*\)/g,
  /\bcreateRequire\([^)]*\)\.resolve\(\s*['"]([^'"\s]+)['"]\s*\)/g,
];
const builtins = new Set(builtinModules);

/** The package a specifier names (`@mui/icons-material/Add` is `@mui/icons-material`), or null: a path, a built-in module. */
function packageOf(specifier: string): string | null {
  const bare = specifier.split('?')[0] as string;
  if (/^[./]/.test(bare) || bare.startsWith('node:') || builtins.has(bare.split('/')[0] as string))
    return null;
  const parts = bare.split('/');
  const name = bare.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string);
  // Not a package's name: an example in a comment (`import("…")`).
  return /^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/.test(name) ? name : null;
}

/** Each package imported, with the files that import it. */
const imported = new Map<string, string[]>();
for (const file of files) {
  const text = fs.readFileSync(file, 'utf8');
  for (const match of loads.flatMap((re) => [...text.matchAll(re)])) {
    const name = packageOf(match[1] as string);
    if (!name) continue;
    imported.set(name, [...(imported.get(name) ?? []), path.relative(root, file)]);
  }
}

/** The declared package that provides `name`: itself, or its types (`geojson` is `@types/geojson`). */
const typesOf = (name: string) => `@types/${name.startsWith('@') ? name.slice(1).replace('/', '__') : name}`;

describe('package.json', () => {
  it('reads the imports of the code', () => {
    // Guards the check itself: the server, the site, the back office and the tests are all read.
    for (const name of ['fastify', 'react-router', 'react-admin', 'vitest']) {
      expect(imported.has(name), name).toBe(true);
    }
  });

  it('declares every package the code imports', () => {
    const undeclared = [...imported]
      .filter(([name]) => !declared.has(name) && !declared.has(typesOf(name)))
      .map(
        ([name, by]) => `${name} (${[...new Set(by)].slice(0, 3).join(', ')}${by.length > 3 ? ', …' : ''})`,
      );
    expect(undeclared, `imported but not declared:\n${undeclared.join('\n')}`).toEqual([]);
  });

  it('declares only packages that are used', () => {
    const usedNode = files.some((f) => /['"]node:/.test(fs.readFileSync(f, 'utf8')));
    const unused = [...declared].filter((name) => {
      if (imported.has(name) || name in usedWithoutImport) return false;
      if (name === '@types/node') return !usedNode;
      const typed = /^@types\/(.+)$/.exec(name)?.[1];
      return !(typed && [...imported.keys()].some((n) => typesOf(n) === name));
    });
    expect(unused, `declared but never imported:\n${unused.join('\n')}`).toEqual([]);
  });

  it('lists as used without an import only packages it declares', () => {
    expect(Object.keys(usedWithoutImport).filter((name) => !declared.has(name))).toEqual([]);
  });
});
