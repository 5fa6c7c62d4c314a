import fs from 'node:fs/promises';
import net from 'node:net';
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

/**
 * A minimal SMTP server: records what it receives, or refuses everything while `failing`. While
 * `holding`, a session that names its recipient waits for its answer until `releaseOne()` or
 * `release()` (`held()` says how many wait): a test can stop every sender in the middle of a mail, before the mail is
 * taken, and know that nothing taken waits to be marked sent.
 */
export function fakeSmtp() {
  const received: string[] = [];
  const state = { failing: false, holding: false, port: 0 };
  const waiting = new Set<() => void>();
  const server = net.createServer((socket) => {
    let data = false;
    let buffer = '';
    let paused = false;
    socket.write(state.failing ? '421 try later\r\n' : '220 fake ESMTP\r\n');
    if (state.failing) return void socket.end();
    const go = () => {
      while (!paused) {
        if (data) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          received.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          data = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake\r\n');
        else if (verb === 'DATA') {
          data = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
          return;
        } else if (verb === 'RCPT' && state.holding) {
          paused = true;
          const resume = () => {
            waiting.delete(resume);
            paused = false;
            if (socket.destroyed) return;
            socket.write('250 OK\r\n');
            go();
          };
          waiting.add(resume);
          // a sender that dies meanwhile waits no more
          socket.once('close', () => waiting.delete(resume));
        } else socket.write('250 OK\r\n');
      }
    };
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      go();
    });
    socket.on('error', () => {});
  });
  return {
    received,
    state,
    /** Sessions waiting for the answer to their recipient. */
    held: () => waiting.size,
    /** Answers the session that has waited longest; the others, and any new one, still wait. */
    releaseOne() {
      const [first] = waiting;
      first?.();
    },
    /** Answers every waiting session and stops holding. */
    release() {
      state.holding = false;
      for (const resume of [...waiting]) resume();
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      state.port = (server.address() as net.AddressInfo).port;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
