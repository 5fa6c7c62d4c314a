import pino from 'pino';

// The log goes to standard output without blocking the event loop: a line is handed to the kernel
// at once when no write is under way, and the lines logged while one is under way go together in
// the next write. With pino's default (a synchronous write per line) every answer waited for its
// line's write, and a slow reader of the output (a full pipe to a log collector) stopped the whole
// server. The line itself still costs CPU: `npm run bench -- --only log` shows it per answer.
// What is still waiting is written synchronously when the process exits (pino registers that for
// an asynchronous destination): on a close (SIGTERM), a crash (an uncaught error, after its line)
// or process.exit, every line is kept; only SIGKILL can lose the lines of the write under way.

let stdout: pino.DestinationStream | undefined;

/**
 * The process's one asynchronous standard output for its loggers (a test builds several apps in one
 * process); none at the `silent` level, which writes nothing.
 */
export function logDestination(level: string): pino.DestinationStream | undefined {
  if (level === 'silent') return undefined;
  stdout ??= pino.destination({ dest: 1, sync: false });
  return stdout;
}
