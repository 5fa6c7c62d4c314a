// A section's spreadsheet read back at the real volume: on PostgreSQL at factor 1 (5,357
// attractions), an editor's export of the attractions as CSV with the phone of 5,000 of them
// changed, its dry run (read, compare, check every changed row as a form's save), its apply (5,000
// saves with their history in one transaction) and its undo, one after another, through a portal
// process (the production build), as the back office does it.

import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import pg from 'pg';
import { hashPassword } from '../server/modules/admin/auth/passwords.js';
import { signIn } from './admin.js';
import { benchDbF1, scaledDatabase } from './lib/database.js';
import { type Portal, startPortal } from './lib/proc.js';

/** How many rows the import changes. */
const changedRows = 5000;

export async function importBench(
  log: (m: string) => void,
): Promise<{ rows: Record<string, unknown>[]; dryRunAndApplyS: number }> {
  const url = await scaledDatabase(benchDbF1, 1, log);
  const email = `bench-${crypto.randomUUID().slice(0, 8)}@example.org`;
  const password = `bench ${crypto.randomUUID()}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let portal: Portal | undefined;
  try {
    portal = await startPortal(
      {
        DATABASE_URL: url,
        MEDIA_PRERENDER: 'false',
        DATA_DIR: await fs.mkdtemp(path.join(os.tmpdir(), 'bench-import-')),
      },
      'portal',
    );
    await client.query(`insert into staff (email, role, password_hash) values ($1, 'editor', $2)`, [
      email,
      await hashPassword(password),
    ]);
    const staff = await signIn(portal.url, email, password);
    const call = async (method: string, route: string, body?: Buffer) => {
      const t = performance.now();
      const res = await fetch(`${portal?.url}${route}`, {
        method,
        headers: { ...staff.headers, ...(body ? { 'content-type': 'text/csv' } : {}) },
        ...(body ? { body: new Uint8Array(body) } : {}),
      });
      const answer = Buffer.from(await res.arrayBuffer());
      if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${answer.toString().slice(0, 300)}`);
      return { answer, s: Math.round((performance.now() - t) / 100) / 10 };
    };

    const exported = await call('GET', '/api/admin/export/attractions.csv');
    const [header = [], ...rows] = parse(exported.answer, { bom: true }) as string[][];
    const phone = header.indexOf('phone');
    // a test portal's own copy: every changed phone is a made-up number of the bench
    rows.slice(0, changedRows).forEach((r, i) => {
      r[phone] = `+7 813 ${String(1_000_000 + i).slice(1, 4)}-${String(i % 100).padStart(2, '0')}-00`;
    });
    const file = Buffer.from(`\uFEFF${stringify([header, ...rows], { escape_formulas: true })}`);

    const dry = await call('POST', '/api/admin/import/attractions?name=bench.csv', file);
    const plan = JSON.parse(dry.answer.toString()) as {
      id: string;
      counts: { rows: number; changed: number; invalid: number };
    };
    if (plan.counts.invalid) throw new Error(`${plan.counts.invalid} rows refused`);
    const apply = await call('POST', `/api/admin/imports/${plan.id}/apply`);
    const undo = await call('POST', `/api/admin/imports/${plan.id}/undo`);
    const dryRunAndApplyS = Math.round((dry.s + apply.s) * 10) / 10;
    return {
      dryRunAndApplyS,
      rows: [
        {
          what: `attractions, ${plan.counts.rows} rows, ${plan.counts.changed} changed (${Math.round(file.length / 1024 / 1024)} MB CSV)`,
          export: `${exported.s} s`,
          'dry run': `${dry.s} s`,
          apply: `${apply.s} s`,
          undo: `${undo.s} s`,
          'dry run + apply': `${dryRunAndApplyS} s`,
        },
      ],
    };
  } finally {
    await portal?.stop();
    await client.query('delete from staff where email = $1', [email]).catch(() => {});
    await client.end();
  }
}
