import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';

// PostgreSQL's own client tools (pg_dump, pg_restore) back the PostgreSQL database up and restore
// it: their custom format keeps everything the database has, restores in any order, and is what an
// operator can inspect with `pg_restore --list`. They come with the PostgreSQL client package
// (Debian: postgresql-client), whose major version must not be older than the server's.

const run = promisify(execFile);

/**
 * The connection for a tool's command line: the address without its password, which goes in
 * PGPASSWORD instead (a command line can be read by every user of the machine, the environment not).
 */
export function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password && { PGPASSWORD: password }) } };
}

/** Runs one of the tools; its error output becomes the error's message. */
export async function runTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
  const { dbname, env } = toolConnection(url);
  try {
    await run(tool, [...args, `--dbname=${dbname}`], { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') {
      throw new Error(
        `${tool} is not installed: install the PostgreSQL client tools (Debian: apt-get install postgresql-client)`,
      );
    }
    throw new Error(`${tool} failed: ${(e.stderr ?? e.message).trim()}`);
  }
}

/**
 * Refuses a tool older than the server (pg_dump refuses it too, in fewer words), so that the
 * operator reads which package to install.
 */
export async function checkToolVersion(tool: 'pg_dump' | 'pg_restore', url: string): Promise<void> {
  let text: string;
  try {
    text = (await run(tool, ['--version'])).stdout;
  } catch {
    throw new Error(
      `${tool} is not installed: install the PostgreSQL client tools (Debian: apt-get install postgresql-client)`,
    );
  }
  const tools = Number(/(\d+)(\.\d+)?/.exec(text)?.[1]);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let server: number;
  try {
    const row = await client.query<{ v: string }>('show server_version_num');
    server = Math.floor(Number(row.rows[0]?.v) / 10_000);
  } finally {
    await client.end();
  }
  if (tools < server) {
    throw new Error(
      `${tool} is version ${tools}, the server ${server}: install the PostgreSQL ${server} client tools (postgresql-client-${server})`,
    );
  }
}
