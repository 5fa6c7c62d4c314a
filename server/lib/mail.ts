import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.js';
import { type FailureLog, isDatabaseUnavailable } from '../db/failures.js';
import { outsideRequest } from '../db/request-wait.js';
import type { DB, QueuedMail } from '../db/schema.js';
import { maskEmail } from './mask.js';
import { loadOnFirstUse } from './on-first-use.js';

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailQueue;
  }
}

/** How a mail leaves the portal: SMTP when configured, otherwise an .eml file in the outbox folder. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(from: string, mail: QueuedMail, id: number): Promise<void>;
  close(): void;
}

const nodemailer = loadOnFirstUse(async () => (await import('nodemailer')).default);

/** A transporter made on first use (with the library), closed only if it was made. */
function lazyTransporter(make: (mailer: Awaited<ReturnType<typeof nodemailer>>) => Transporter) {
  let made: Transporter | undefined;
  return {
    async get(): Promise<Transporter> {
      made ??= make(await nodemailer());
      return made;
    },
    close: () => made?.close(),
  };
}

function smtpTransport(url: string): MailTransport {
  const transporter = lazyTransporter((mailer) =>
    mailer.createTransport(url, {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    } as never),
  );
  return {
    kind: 'smtp',
    async send(from, mail) {
      await (await transporter.get()).sendMail({ from, ...mail });
    },
    close: transporter.close,
  };
}

function outboxTransport(dir: string): MailTransport {
  const builder = lazyTransporter((mailer) =>
    mailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }),
  );
  return {
    kind: 'outbox',
    async send(from, mail, id) {
      const info = await (await builder.get()).sendMail({ from, ...mail });
      await fs.mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${id}.eml`);
      const tmp = `${file}.${crypto.randomBytes(4).toString('hex')}.tmp`;
      await fs.writeFile(tmp, info.message as Buffer);
      await fs.rename(tmp, file);
    },
    close: builder.close,
  };
}

export interface MailQueueOptions {
  /** Delay before the first retry; doubles with every attempt up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Attempts before a mail is given up on (kept in the table with failed_at). */
  maxAttempts?: number;
  /** How often the queue looks for mails that are due. */
  pollMs?: number;
  /**
   * Hold each mail's row lock while it is sent (PostgreSQL: several processes share the queue);
   * false: claim a batch for two minutes (the embedded database). Default: whether DATABASE_URL is set.
   */
  holdLocks?: boolean;
  transport?: MailTransport;
  /** Where a database outage is written (once a minute), instead of an error every poll. */
  failures?: FailureLog;
  /** Told of every mail sent and every failed attempt (the metrics). */
  outcomes?: MailOutcomes;
}

export interface MailOutcomes {
  sent(): void;
  failed(outcome: 'retry' | 'given_up'): void;
}

/**
 * The mail queue: `enqueue` stores a mail in the caller's transaction; after the commit `kick()`
 * sends what is due. Failed mails get a later `next_attempt_at` (30 s, 1 min, 2 min, ... up to an
 * hour) and are picked up by a timer that never keeps the process alive. Several processes on one
 * PostgreSQL share the queue: each mail is sent by one of them (its row is locked with
 * `for update skip locked` while it is sent), and a process that dies leaves no mail claimed.
 */
export class MailQueue {
  readonly transport: MailTransport;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly maxAttempts: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private again = false;
  private stopped = false;
  private readonly failures: FailureLog | undefined;
  private readonly holdsLocks: boolean;
  private readonly outcomes: MailOutcomes | undefined;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
    options: MailQueueOptions = {},
  ) {
    this.transport =
      options.transport ??
      (config.smtpUrl ? smtpTransport(config.smtpUrl) : outboxTransport(path.join(config.dataDir, 'outbox')));
    this.baseDelayMs = options.baseDelayMs ?? 30_000;
    this.maxDelayMs = options.maxDelayMs ?? 3_600_000;
    this.maxAttempts = options.maxAttempts ?? 20;
    this.failures = options.failures;
    this.holdsLocks = options.holdLocks ?? !!config.databaseUrl;
    this.outcomes = options.outcomes;
    const pollMs = options.pollMs ?? 15_000;
    this.timer = setInterval(() => this.kick(), pollMs);
    this.timer.unref();
  }

  /**
   * Stores a mail to send (not before `notBefore`: a newsletter spreads its mails over time); call
   * inside the transaction that stores what the mail is about. Returns the mail's id.
   */
  async enqueue(
    trx: Transaction<DB> | Kysely<DB>,
    kind: string,
    mail: QueuedMail,
    notBefore?: Date,
  ): Promise<number> {
    const row = await trx
      .insertInto('mail_queue')
      .values({
        kind,
        recipient: mail.to,
        message: JSON.stringify(mail),
        ...(notBefore ? { next_attempt_at: notBefore } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /**
   * Sends what is due, soon, without making the caller wait; with the jobs' database limits, not
   * those of the request that called it.
   */
  kick(): void {
    if (this.stopped) return;
    void outsideRequest(() => this.processDue()).catch((err: Error) => {
      // Queued mails wait in the database: they go out once it answers again.
      if (this.failures && isDatabaseUnavailable(err))
        this.failures.note(err, 'mail queue: database unavailable');
      else this.log.error({ err: { message: err.message } }, 'mail queue: processing failed');
    });
  }

  /** Sends every mail that is due now; resolves with how many were sent. */
  processDue(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let sent = 0;
      try {
        do {
          this.again = false;
          sent += await this.processBatch();
        } while (this.again && !this.stopped);
      } finally {
        this.running = undefined;
      }
      return sent;
    })();
    return this.running;
  }

  private async processBatch(): Promise<number> {
    let sent = 0;
    for (;;) {
      if (this.stopped) return sent;
      const outcome = this.holdsLocks ? await this.sendOneLocked() : await this.sendLeased();
      if (outcome === 'none') return sent;
      sent += outcome;
    }
  }

  /**
   * PostgreSQL, several portal processes: one mail at a time, claimed with `for update skip locked`
   * in a transaction that stays open while the mail server takes it and commits `sent_at` right
   * after. PostgreSQL is the coordinator: no other process sends that mail meanwhile, and when this
   * process dies (even SIGKILL) its connection ends, the lock goes with it and another process sends
   * the mail at once. A mail goes twice only if the process dies between the mail server's
   * acceptance and the commit (a millisecond; SMTP gives no way to make it none).
   */
  private async sendOneLocked(): Promise<number | 'none'> {
    return this.db.transaction().execute(async (trx) => {
      const claimed = await sql<Claimed>`
        select id, message, attempts + 1 as attempts, recipient from mail_queue
        where sent_at is null and failed_at is null and next_attempt_at <= now()
          and (locked_until is null or locked_until < now())
        order by id limit 1 for update skip locked`.execute(trx);
      const row = claimed.rows[0];
      if (!row) return 'none';
      try {
        await this.transport.send(this.config.mailFrom, mailOf(row), Number(row.id));
      } catch (err) {
        await this.failed(trx, row, err as Error & { responseCode?: number });
        return 0;
      }
      await trx
        .updateTable('mail_queue')
        .set({ sent_at: new Date(), attempts: Number(row.attempts), locked_until: null, last_error: null })
        .where('id', '=', row.id)
        .execute();
      this.logSent(row);
      return 1;
    });
  }

  /**
   * The embedded database (one process, one connection: a transaction held during a send would hold
   * every request up): up to 10 mails are claimed for two minutes (`locked_until`), each marked
   * sent after the mail server took it.
   */
  private async sendLeased(): Promise<number | 'none'> {
    const batch = await sql<Claimed>`
      update mail_queue set locked_until = now() + interval '2 minutes', attempts = attempts + 1
      where id in (
        select id from mail_queue
        where sent_at is null and failed_at is null and next_attempt_at <= now()
          and (locked_until is null or locked_until < now())
        order by id limit 10 for update skip locked)
      returning id, message, attempts, recipient`.execute(this.db);
    if (!batch.rows.length) return 'none';
    let sent = 0;
    for (const row of batch.rows) {
      try {
        await this.transport.send(this.config.mailFrom, mailOf(row), Number(row.id));
        await this.db
          .updateTable('mail_queue')
          .set({ sent_at: new Date(), locked_until: null, last_error: null })
          .where('id', '=', row.id)
          .execute();
        sent++;
        this.logSent(row);
      } catch (err) {
        await this.failed(this.db, row, err as Error & { responseCode?: number });
      }
    }
    return sent;
  }

  private logSent(row: Claimed): void {
    this.outcomes?.sent();
    this.log.info(
      { mail: Number(row.id), to: maskEmail(row.recipient), via: this.transport.kind },
      'mail sent',
    );
  }

  /** Records a failed attempt (`attempts` counts this one): a retry later, or given up. */
  private async failed(
    db: Kysely<DB> | Transaction<DB>,
    row: { id: number; attempts: number; recipient: string },
    err: Error & { responseCode?: number },
  ) {
    const attempts = Number(row.attempts);
    // A permanent refusal (5xx) of the recipient is not retried for long.
    const permanent = (err.responseCode ?? 0) >= 500 && attempts >= 3;
    const giveUp = permanent || attempts >= this.maxAttempts;
    const delay = Math.min(this.baseDelayMs * 2 ** (attempts - 1), this.maxDelayMs);
    const error = String(err.message).slice(0, 500);
    await db
      .updateTable('mail_queue')
      .set({
        attempts,
        locked_until: null,
        last_error: error,
        next_attempt_at: new Date(Date.now() + delay),
        failed_at: giveUp ? new Date() : null,
      })
      .where('id', '=', row.id)
      .execute();
    this.outcomes?.failed(giveUp ? 'given_up' : 'retry');
    const details = { mail: Number(row.id), to: maskEmail(row.recipient), attempts, error };
    if (giveUp) this.log.error(details, 'mail could not be sent: given up (kept in mail_queue)');
    else this.log.warn({ ...details, retryInMs: delay }, 'mail could not be sent: queued for a retry');
  }

  /** Stops the timer and waits for a send in progress (before the database closes). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => {});
    this.transport.close();
  }
}

/** A mail claimed from the queue; `attempts` counts the one being made. */
interface Claimed {
  id: number;
  message: QueuedMail | string;
  attempts: number;
  recipient: string;
}

const mailOf = (row: Claimed): QueuedMail =>
  typeof row.message === 'string' ? (JSON.parse(row.message) as QueuedMail) : row.message;

/** Decorates the app with its mail queue (`app.mail`), stopped when the app closes. */
export function registerMail(app: FastifyInstance, options: MailQueueOptions = {}): void {
  const outcomes: MailOutcomes = {
    sent: () => app.metrics.mailSent.inc(),
    failed: (outcome) => app.metrics.mailFailures.inc({ outcome }),
  };
  const queue = new MailQueue(app.db, app.config, app.log, {
    failures: app.database.failures,
    outcomes,
    holdLocks: app.database.kind === 'postgres',
    ...options,
  });
  app.decorate('mail', queue);
  app.addHook('onReady', async () => queue.kick());
  app.addHook('onClose', async () => queue.stop());
}
