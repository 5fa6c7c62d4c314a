import fs from 'node:fs/promises';
import os from 'node:os';

// The embedded database (PGlite) keeps its pages in its process's memory and writes them to its
// data directory: a second process that opens the same directory works on its own copy, and what
// either writes is lost or damages the other's. Nothing in PGlite stops that, so every open takes
// this lock first: a file beside the directory (`<dir>.lock`, so that a copy of the directory for a
// backup or a test does not carry it) naming the process that holds it.

/** The directory is open in another live process (or already in this one). */
export class DataDirInUse extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      pid === process.pid
        ? `the embedded database ${dir} is open in this process already`
        : `the embedded database ${dir} is open in another process (pid ${pid}): one process at a time may open it`,
    );
  }
}

export const lockFileOf = (dir: string) => `${dir}.lock`;

/** Whether a process with this id runs (on this machine): EPERM is someone else's process, alive. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live process that holds the directory's lock, or null (no lock, or one left by a dead process). */
export async function lockHolder(dir: string): Promise<number | null> {
  const text = await fs.readFile(lockFileOf(dir), 'utf8').catch(() => null);
  const [pid, host] = (text ?? '').trim().split(/\s+/);
  const n = Number(pid);
  if (!Number.isInteger(n) || n <= 0) return null;
  // A lock written on another machine (a shared disk) cannot be checked from here: it holds.
  if (host && host !== os.hostname()) return n;
  return alive(n) ? n : null;
}

/**
 * Takes the directory's lock for this process, or throws DataDirInUse. A lock left by a process
 * that died (a crash, SIGKILL) is taken over. Returns the release, which removes the file.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const file = lockFileOf(dir);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await fs.writeFile(file, `${process.pid} ${os.hostname()}\n`, { flag: 'wx', mode: 0o644 });
      return async () => {
        // Only our own lock: never the one a later process took after ours was taken over.
        const text = await fs.readFile(file, 'utf8').catch(() => '');
        if (Number(text.trim().split(/\s+/)[0]) === process.pid) await fs.rm(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = await lockHolder(dir);
    if (holder !== null) throw new DataDirInUse(dir, holder);
    await fs.rm(file, { force: true });
  }
  throw new DataDirInUse(dir, (await lockHolder(dir)) ?? 0);
}
