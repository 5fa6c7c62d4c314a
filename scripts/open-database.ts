import path from 'node:path';
import type { Config } from '../server/config.js';
import { DataDirInUse } from '../server/db/data-dir-lock.js';
import { type Database, openDatabase } from '../server/db/database.js';

/**
 * The configured database, for a command run from a terminal. The embedded database is open in one
 * process at a time: while the portal has it, the command stops with one line saying so.
 */
export async function openForCommand(config: Config): Promise<Database> {
  try {
    return await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
  } catch (err) {
    if (!(err instanceof DataDirInUse)) throw err;
    console.error(`not done: ${err.message}. Stop the portal first, then run this again.`);
    process.exit(1);
  }
}
