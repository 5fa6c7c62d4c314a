import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A route file parses the request, calls a repository or a service, and answers: the statements
// live in the module's repository.ts (or a service beside it), where they can be read together,
// reused by the page loaders and the jobs, and changed without reading HTTP code. Transactions
// belong there too: what a change writes in one go is a rule of the data, not of the request.

const root = path.resolve(import.meta.dirname, '../..');

/** What writes or runs SQL: Kysely's statements, `sql` templates, running them, a transaction. */
const sqlPatterns = [
  /\bselectFrom\(/,
  /\binsertInto\(/,
  /\bupdateTable\(/,
  /\bdeleteFrom\(/,
  /\bsql`/,
  /\bsql</,
  /\.execute(?:TakeFirst(?:OrThrow)?)?\(/,
  /\.transaction\(/,
];

/** Route files that still hold SQL, each until its statements move to its repository. */
const notYetMoved: string[] = [];

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === 'routes.ts' ? [path.relative(root, full)] : [];
  });
}

/** The lines of a file that hold SQL, as `file:line: text`. */
function sqlLines(file: string): string[] {
  return fs
    .readFileSync(path.join(root, file), 'utf8')
    .split('\n')
    .flatMap((line, i) =>
      sqlPatterns.some((re) => re.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
    );
}

describe('route files', () => {
  const files = routeFiles(path.join(root, 'server'));

  it('finds the route files of the modules', () => {
    // Guards the check itself: a moved folder would leave it reading nothing.
    expect(files).toContain('server/modules/places/routes.ts');
    expect(files).toContain('server/modules/admin/content/routes.ts');
  });

  it('hold no SQL: their statements are in repositories', () => {
    const found = files.filter((f) => !notYetMoved.includes(f)).flatMap(sqlLines);
    expect(found, `SQL in route files (move it to the module's repository.ts):\n${found.join('\n')}`).toEqual(
      [],
    );
  });

  it('exempts only files that exist and still hold SQL', () => {
    // An exemption outlives its reason once the file's statements have moved.
    expect(notYetMoved.filter((f) => !files.includes(f) || !sqlLines(f).length)).toEqual([]);
  });
});
