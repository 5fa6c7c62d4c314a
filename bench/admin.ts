// The back office at the large volume: its attraction list (search, sort, page) one request at a
// time on PostgreSQL at factor 10, and how long an edit made through one portal process takes to
// show in the public API of another (two processes, one database, the response cache on).

import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { hashPassword } from '../server/modules/admin/auth/passwords.js';
import { benchDb, scaledDatabase } from './lib/database.js';
import { type Portal, startPortal } from './lib/proc.js';

/** A signed-in back office session against one portal: cookie jar and the XSRF pair. */
export async function signIn(base: string, email: string, password: string) {
  const first = await fetch(`${base}/api/admin/auth/me`);
  await first.arrayBuffer();
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const r = await fetch(`${base}/api/admin/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ email, password }),
  });
  if (r.status !== 200) throw new Error(`sign-in answered ${r.status}: ${await r.text()}`);
  const session = /portal_staff=([^;]+)/.exec(r.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const headers = { cookie: `XSRF-TOKEN=${xsrf}; portal_staff=${session}`, 'x-xsrf-token': xsrf };
  return {
    get: async <T>(url: string): Promise<T> => {
      const res = await fetch(`${base}${url}`, { headers });
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
    /** The answer's status alone (its body read and dropped): a refusal is counted, not thrown. */
    status: async (url: string): Promise<number> => {
      const res = await fetch(`${base}${url}`, { headers });
      await res.arrayBuffer();
      return res.status;
    },
    put: async (url: string, body: unknown) => {
      const res = await fetch(`${base}${url}`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`PUT ${url}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<{ version: number }>;
    },
    headers,
  };
}

const quantile = (ms: number[], q: number) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number) * 10) / 10;
};

// Words of three characters or more: a shorter one (one or two Chinese characters) has no trigram,
// and the back office's name LIKE reads every name (200–300 ms at factor 10; the public searches
// find Chinese pieces by their own index: decision 030).
const words = ['усадьба', 'озеро', 'музей', 'крепость', 'парк', 'церковь', 'lake', 'manor', '博物馆', ''];

/**
 * The list's filters an editor filling facts uses (each with and without a word, on pages 1 and 3),
 * and the dashboard's answers that count the section: what the coverage screen and its links read.
 */
const filters = [
  'missing=hours',
  'missing=phone',
  'missing=price',
  'missing=accessibility',
  'missing=en',
  'missing=translation_zh',
  'photo=without',
  'status=draft',
  'changes=unpublished',
  'district_id=1',
  'missing=hours&district_id=1',
  'missing=phone&photo=without',
];
const counting = ['/api/admin/coverage', '/api/admin/dashboard', '/api/admin/content/attractions/summary'];

export async function adminBench(quick: boolean): Promise<{
  rows: Record<string, unknown>[];
  listP99: number;
  filterP99: number;
  countingP99: number;
  failures: number;
  visibleMs: number;
}> {
  const url = await scaledDatabase(benchDb, 10, () => {});
  const email = `bench-${crypto.randomUUID().slice(0, 8)}@example.org`;
  const password = `bench ${crypto.randomUUID()}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const portals: Portal[] = [];
  try {
    const env = { DATABASE_URL: url, MEDIA_PRERENDER: 'false' };
    portals.push(
      await startPortal(
        { ...env, DATA_DIR: await fs.mkdtemp(path.join(os.tmpdir(), 'bench-admin-a-')) },
        'portal A',
      ),
    );
    portals.push(
      await startPortal(
        { ...env, DATA_DIR: await fs.mkdtemp(path.join(os.tmpdir(), 'bench-admin-b-')) },
        'portal B',
      ),
    );
    const [a, b] = portals as [Portal, Portal];
    // the migrations ran with the first start: the account goes in now
    await client.query(`insert into staff (email, role, password_hash) values ($1, 'editor', $2)`, [
      email,
      await hashPassword(password),
    ]);
    const staff = await signIn(a.url, email, password);

    // The list: a word (or none), a sort, a page, as an editor browses it.
    const sorts = ['name&order=asc', 'updated_at&order=desc', 'id&order=desc'];
    const n = quick ? 30 : 300;
    const ms: number[] = [];
    const slowest: { ms: number; url: string }[] = [];
    let count = 0;
    // Warm-up: each distinct request once (10 words × 3 sorts × 4 pages repeat every 60), as the
    // scale bench does: what follows is the database answering, not the disk.
    const warm = 60;
    for (let i = 0; i < n + warm; i++) {
      const word = words[i % words.length] as string;
      const page = (i % 4) + 1;
      const url = `/api/admin/content/attractions?${word ? `q=${encodeURIComponent(word)}&` : ''}sort=${sorts[i % sorts.length]}&page=${page}&per_page=25`;
      const t = performance.now();
      const answer = await staff.get<{ count: number }>(url);
      if (i >= warm) {
        ms.push(performance.now() - t);
        slowest.push({ ms: Math.round(performance.now() - t), url: decodeURIComponent(url) });
      }
      if (!word) count = answer.count;
    }

    // The filters: each distinct request once to warm, then timed, one at a time.
    const filtered: string[] = [];
    for (const f of filters)
      for (const word of ['', 'музей'])
        for (const page of [1, 3])
          filtered.push(
            `/api/admin/content/attractions?${f}&${word ? `q=${encodeURIComponent(word)}&` : ''}sort=${sorts[filtered.length % sorts.length]}&page=${page}&per_page=25`,
          );
    // A request past the database's deadline (DATABASE_REQUEST_TIMEOUT_MS) is a 503: counted.
    const failed: Record<string, number> = {};
    const timed = async (url: string) => {
      const t = performance.now();
      const status = await staff.status(url);
      if (status !== 200)
        failed[`${status} ${decodeURIComponent(url)}`] =
          (failed[`${status} ${decodeURIComponent(url)}`] ?? 0) + 1;
      return performance.now() - t;
    };
    const filterMs: number[] = [];
    const filterSlowest: { ms: number; url: string }[] = [];
    const rounds = quick ? 1 : 5;
    for (let round = -1; round < rounds; round++)
      for (const url of filtered) {
        const took = await timed(url);
        if (round < 0) continue;
        filterMs.push(took);
        filterSlowest.push({ ms: Math.round(took), url: decodeURIComponent(url) });
      }
    const countingMs: Record<string, number[]> = Object.fromEntries(counting.map((url) => [url, []]));
    for (let round = -1; round < (quick ? 3 : 20); round++)
      for (const url of counting) {
        const took = await timed(url);
        if (round >= 0) countingMs[url]?.push(took);
      }

    // An edit through A, seen in B's public answer (which B's response cache held).
    const id = (await staff.get<{ results: { id: number }[] }>('/api/admin/content/attractions?per_page=1'))
      .results[0]?.id as number;
    const item = await staff.get<{
      version: number;
      status: string;
      document: { name: Record<string, string> };
    }>(`/api/admin/content/attractions/${id}`);
    const publicName = async () =>
      ((await (await fetch(`${b.url}/api/attractions/${id}/`)).json()) as { name: string }).name;
    const seen: number[] = [];
    let unseen = 0;
    let version = item.version;
    for (let round = 0; round < 5; round++) {
      await publicName();
      const name =
        round === 4
          ? item.document.name
          : { ...item.document.name, ru: `${item.document.name.ru} (${round + 1})` };
      const t = performance.now();
      version = (
        await staff.put(`/api/admin/content/attractions/${id}`, {
          version,
          status: item.status,
          document: { ...item.document, name },
        })
      ).version;
      // not seen within 5 s is a figure of the run (the others stay), not its end
      while ((await publicName()) !== name.ru && performance.now() - t <= 5000)
        await new Promise((resolve) => setTimeout(resolve, 10));
      if (performance.now() - t > 5000) unseen++;
      seen.push(performance.now() - t);
    }
    const listP99 = quantile(ms, 0.99);
    const filterP99 = quantile(filterMs, 0.99);
    const countingP99 = Math.max(...Object.values(countingMs).map((m) => quantile(m, 0.99)));
    const visibleMs = Math.round(Math.max(...seen));
    return {
      listP99,
      filterP99,
      countingP99,
      failures: Object.values(failed).reduce((a, b) => a + b, 0),
      visibleMs,
      rows: [
        {
          what: `admin attraction list (${count} items): search + sort + page, one at a time`,
          p50: `${quantile(ms, 0.5)} ms`,
          p99: `${listP99} ms`,
          slowest: slowest
            .sort((a, b) => b.ms - a.ms)
            .slice(0, 3)
            .map((r) => `${r.ms} ms ${r.url.replace('/api/admin/content/attractions?', '')}`)
            .join('; '),
        },
        {
          what: `admin attraction list with the filters (${filters.length} filters × with/without a word × pages 1, 3), one at a time`,
          p50: `${quantile(filterMs, 0.5)} ms`,
          p99: `${filterP99} ms`,
          failed: Object.entries(failed)
            .map(([what, n]) => `${n}× ${what.replace('/api/admin/content/attractions?', '')}`)
            .join('; '),
          slowest: filterSlowest
            .sort((a, b) => b.ms - a.ms)
            .slice(0, 3)
            .map((r) => `${r.ms} ms ${r.url.replace('/api/admin/content/attractions?', '')}`)
            .join('; '),
        },
        ...Object.entries(countingMs).map(([url, m]) => ({
          what: `${url} (counts every section), one at a time`,
          p50: `${quantile(m, 0.5)} ms`,
          p99: `${quantile(m, 0.99)} ms`,
        })),
        {
          what: 'an edit through process A seen in process B’s public API (5 edits, the slowest)',
          p50: `${Math.round(quantile(seen, 0.5))} ms`,
          p99: `${visibleMs} ms`,
          ...(unseen ? { failed: `${unseen} of 5 not seen within 5 s` } : {}),
        },
      ],
    };
  } finally {
    for (const p of portals) await p.stop();
    await client.query('delete from staff where email = $1', [email]).catch(() => {});
    await client.end();
  }
}
