import fs from 'node:fs/promises';
import path from 'node:path';

/** A raw .eml as text a test can search: its head, and its body decoded from quoted-printable and base64. */
export function mailText(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split);
  const body = raw.slice(split);
  const qp = body.replace(/=\r?\n/g, '').replace(/(=[0-9A-F]{2})+/g, (m) => {
    try {
      return Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8');
    } catch {
      return m;
    }
  });
  const b64 = [...body.matchAll(/\r?\n\r?\n([A-Za-z0-9+/=\r\n]{40,})/g)]
    .map((m) => Buffer.from((m[1] as string).replace(/\s/g, ''), 'base64').toString('utf8'))
    .join('\n');
  return `${head}\n${qp}\n${b64}`;
}

/**
 * The raw text of every finished mail in `dataDir`/outbox, oldest first. The outbox writes each
 * mail to a `.tmp` file and renames it to `.eml`, so only `.eml` files are read: a `.tmp` seen in
 * the listing may be gone by the time it would be opened.
 */
export async function readOutbox(dataDir: string): Promise<string[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(files.map((f) => fs.readFile(path.join(dir, f), 'utf8')));
}
