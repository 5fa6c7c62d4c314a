// The rule for migrations that do not stop the site (decision 055, docs/operations.md): servers are
// restarted one at a time, so while a release's migrations run and afterwards, the previous
// release still serves. A release's migrations therefore only add (tables, nullable columns or
// columns with a default, indexes, functions), and what the previous release reads is dropped or
// renamed a release later; nothing rewrites a whole table or holds it locked for long.
//
// Each migration's SQL is checked for the statements that break that. A statement may still do
// so when its migration says why on the line before it:
//   -- release rule exception: <why the previous release does not read it / the table is small>
// The migrations written before the rule are listed below with what they did.

import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsDir } from '../../server/paths.js';

/** What a statement does that the previous release or a serving site would not survive. */
const forbidden: [RegExp, string][] = [
  [
    /\bdrop\s+(table|column|view|materialized\s+view|function|type|schema)\b/,
    'drops what the previous release may read',
  ],
  [/\brename\b/, 'renames what the previous release may read'],
  [/\balter\s+column\s+\w+\s+(set\s+data\s+)?type\b/, "changes a column's type (rewrites the table)"],
  [
    /\bset\s+not\s+null\b/,
    'SET NOT NULL (reads the whole table under a lock; older writes may lack the value)',
  ],
  [/\bdrop\s+default\b/, "drops a default the previous release's inserts may rely on"],
  [/\bvacuum\s+full\b|\bcluster\s+\w/, 'rewrites a table under an exclusive lock'],
  [/^\s*update\s+\w+\s+set\b(?![\s\S]*\bwhere\b)/, 'updates every row of a table (rewrites it under locks)'],
];

/** Added columns: NOT NULL needs a default; a stored generated column rewrites the table. */
function addedColumnProblems(statement: string): string[] {
  const problems: string[] = [];
  if (!/^\s*alter\s+table\b/.test(statement)) return problems;
  for (const clause of topLevelParts(statement)) {
    const added = /\badd\s+column\s+(if\s+not\s+exists\s+)?(\w+)\s+([\s\S]*)$/.exec(clause);
    if (!added) continue;
    const definition = added[3] as string;
    if (/\bgenerated\s+always\s+as\b[\s\S]*\bstored\b/.test(definition))
      problems.push(`adds the stored generated column ${added[2]} (rewrites the table)`);
    else if (/\bnot\s+null\b/.test(definition) && !/\bdefault\b/.test(definition))
      problems.push(`adds the column ${added[2]} NOT NULL without a default (older inserts fail)`);
  }
  return problems;
}

/** An ALTER TABLE's clauses: its text split at the commas outside parentheses. */
function topLevelParts(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

interface Finding {
  migration: string;
  statement: string;
  problem: string;
}

/**
 * The statements of a migration that break the rule, without those annotated as exceptions.
 * Function bodies and DO blocks (dollar-quoted) are not looked into: what they run is their own.
 */
function checkMigration(migration: string, text: string): Finding[] {
  const findings: Finding[] = [];
  const body = text.replace(/\$(\w*)\$[\s\S]*?\$\1\$/g, "''");
  let excepted = false;
  let statement = '';
  for (const line of body.split('\n')) {
    if (/^\s*--\s*release rule exception:\s*\S/.test(line)) excepted = true;
    statement += `${line.replace(/--.*$/, '')}\n`;
    if (!line.replace(/--.*$/, '').includes(';')) continue;
    for (const one of statement.split(';').slice(0, -1)) {
      const s = one.toLowerCase().replace(/\s+/g, ' ').trim();
      if (!s || excepted) continue;
      const problems = forbidden.filter(([re]) => re.test(s)).map(([, why]) => why);
      problems.push(...addedColumnProblems(s));
      for (const problem of problems) findings.push({ migration, statement: s.slice(0, 80), problem });
    }
    statement = statement.slice(statement.lastIndexOf(';') + 1);
    excepted = false;
  }
  return findings;
}

/**
 * The migrations made before the rule, and what each did that it forbids. They ran long ago on
 * every database; the list keeps the check exact (a migration missing here, or one that no longer
 * breaks the rule, fails the test).
 */
const historical: Record<string, string[]> = {
  // the search columns were stored generated columns: each addition rewrote its table
  '002-search': ['adds the stored generated column'],
  '005-fulltext': ['adds the stored generated column'],
  // rewrote the search tables to inline the documents, then replaced the per-language columns
  '008-search-inline': ['updates every row of a table'],
  '009-search-all-languages': [
    'drops what the previous release may read',
    'adds the stored generated column',
  ],
  // filled the new confirmation date of every subscriber
  '015-visitor-messages': ['updates every row of a table'],
  // the lockout columns went when sign-in stopped locking accounts (decision 35)
  '024-sign-in-protection': ['drops what the previous release may read'],
};

const files = (await fs.readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();

describe('migrations keep the previous release working', () => {
  it('finds the forbidden statements it is meant to find', () => {
    const found = (sql: string) => checkMigration('x', sql).map((f) => f.problem);
    expect(found('alter table places drop column phone;')).toEqual([
      'drops what the previous release may read',
    ]);
    expect(found('alter table news rename column date to published_on;')).toHaveLength(1);
    expect(found('alter table places alter column rating type numeric(3, 1);')).toHaveLength(1);
    expect(found('alter table places alter column phone set not null;')).toHaveLength(1);
    expect(found('alter table places add column kind text not null;')).toEqual([
      'adds the column kind NOT NULL without a default (older inserts fail)',
    ]);
    expect(found('update places set phone = null;')).toHaveLength(1);
    // what only adds passes
    expect(
      found(
        "alter table places add column kind text not null default 'x', add column note text, add column n numeric(2, 1);\n" +
          'create table t (id int primary key);\ncreate index t_id on t (id);\ndrop index places_type;\n' +
          'update places set phone = null where id = 1;\n' +
          'create function f() returns int language sql as $$ select 1; drop table x; $$;',
      ),
    ).toEqual([]);
    // an exception says why, on the line before its statement
    expect(
      found(
        '-- release rule exception: no release reads it since 030\nalter table staff drop column old_flag;',
      ),
    ).toEqual([]);
  });

  it('holds for every migration, the ones made before the rule aside', async () => {
    const found: Record<string, string[]> = {};
    for (const file of files) {
      const name = file.replace(/\.sql$/, '');
      const findings = checkMigration(name, await fs.readFile(path.join(migrationsDir, file), 'utf8'));
      if (findings.length)
        found[name] = [...new Set(findings.map((f) => f.problem.replace(/(column) \w+ (\(|NOT)/, '$1 $2')))];
    }
    const expected = Object.fromEntries(
      Object.entries(historical).map(([name, problems]) => [
        name,
        problems.map((p) => expect.stringContaining(p)),
      ]),
    );
    expect(found).toEqual(expected);
  });
});
