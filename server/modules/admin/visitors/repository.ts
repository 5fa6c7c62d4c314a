import { type Kysely, sql } from 'kysely';
import type { DB, FeedbackStatus, QueuedMail } from '../../../db/schema.js';
import type { MailQueue } from '../../../lib/mail.js';
import { staffError } from '../errors.js';

// The staff's reads and writes of what visitors sent.

const likeOf = (q: string) =>
  `%${q
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function listFeedback(
  db: Kysely<DB>,
  q: { status?: FeedbackStatus; q?: string; limit: number; offset: number },
) {
  let query = db.selectFrom('feedback as f');
  if (q.status) query = query.where('f.status', '=', q.status);
  if (q.q?.trim()) {
    const like = likeOf(q.q);
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(f.name)`, 'like', like),
        eb(sql`lower(f.email)`, 'like', like),
        eb(sql`lower(f.phone)`, 'like', like),
        eb(sql`lower(f.message)`, 'like', like),
      ]),
    );
  }
  const [rows, count, fresh] = await Promise.all([
    query
      .select([
        'f.id',
        'f.name',
        'f.email',
        'f.phone',
        'f.message',
        'f.lang',
        'f.page',
        'f.status',
        'f.created_at',
        sql<number>`(select count(*)::int from feedback_notes n where n.feedback_id = f.id)`.as('notes'),
      ])
      .orderBy('f.id', 'desc')
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
    query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    db
      .selectFrom('feedback')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('status', '=', 'new')
      .executeTakeFirstOrThrow(),
  ]);
  return {
    count: count.n,
    new: fresh.n,
    results: rows.map((r) => ({ ...r, id: Number(r.id), created_at: r.created_at.toISOString() })),
  };
}

export async function feedbackMessage(db: Kysely<DB>, id: number) {
  const row = await db.selectFrom('feedback').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const notes = await db
    .selectFrom('feedback_notes as n')
    .leftJoin('staff as s', 's.id', 'n.staff_id')
    .select(['n.id', 'n.kind', 'n.text', 'n.created_at', 's.id as staff_id', 's.name', 's.email'])
    .where('n.feedback_id', '=', id)
    .orderBy('n.id')
    .execute();
  return {
    id: Number(row.id),
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    lang: row.lang,
    page: row.page,
    status: row.status,
    created_at: row.created_at.toISOString(),
    notes: notes.map((n) => ({
      id: Number(n.id),
      kind: n.kind,
      text: n.text,
      created_at: n.created_at.toISOString(),
      staff: n.staff_id ? { id: Number(n.staff_id), name: n.name ?? '', email: n.email ?? '' } : null,
    })),
  };
}

type SubscriberState = 'confirmed' | 'unconfirmed' | 'unsubscribed';

/** Sets a message's state; false when there is no such message. */
export async function setFeedbackStatus(
  db: Kysely<DB>,
  id: number,
  status: FeedbackStatus,
): Promise<boolean> {
  const done = await db
    .updateTable('feedback')
    .set({ status, updated_at: new Date() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

/** A note of a member of staff on a message; returns its id and time. */
export async function addFeedbackNote(
  db: Kysely<DB>,
  feedbackId: number,
  staffId: number,
  text: string,
): Promise<{ id: number; created_at: Date }> {
  const row = await db
    .insertInto('feedback_notes')
    .values({ feedback_id: feedbackId, staff_id: staffId, kind: 'note', text })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), created_at: row.created_at };
}

/**
 * A reply to a message, in one transaction: kept among the message's notes, the message answered,
 * and the mail queued.
 */
export async function replyToFeedback(
  db: Kysely<DB>,
  mail: MailQueue,
  reply: { feedbackId: number; staffId: number; text: string; letter: QueuedMail },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('feedback_notes')
      .values({ feedback_id: reply.feedbackId, staff_id: reply.staffId, kind: 'reply', text: reply.text })
      .execute();
    await trx
      .updateTable('feedback')
      .set({ status: 'answered', updated_at: new Date() })
      .where('id', '=', reply.feedbackId)
      .execute();
    await mail.enqueue(trx, 'feedback-reply', reply.letter);
  });
}

export async function listSubscribers(
  db: Kysely<DB>,
  q: { q?: string; state?: SubscriberState; limit?: number; offset?: number },
) {
  let query = db.selectFrom('subscribers');
  if (q.q?.trim()) query = query.where(sql`lower(email)`, 'like', likeOf(q.q));
  if (q.state === 'unsubscribed') query = query.where('unsubscribed_at', 'is not', null);
  if (q.state === 'confirmed')
    query = query.where('unsubscribed_at', 'is', null).where('confirmed_at', 'is not', null);
  if (q.state === 'unconfirmed')
    query = query.where('unsubscribed_at', 'is', null).where('confirmed_at', 'is', null);
  let rows = query.selectAll().orderBy('id', 'desc');
  if (q.limit !== undefined) rows = rows.limit(q.limit).offset(q.offset ?? 0);
  const [list, count] = await Promise.all([
    rows.execute(),
    query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    count: count.n,
    results: list.map((r) => ({
      id: Number(r.id),
      email: r.email,
      lang: r.lang,
      state: (r.unsubscribed_at
        ? 'unsubscribed'
        : r.confirmed_at
          ? 'confirmed'
          : 'unconfirmed') as SubscriberState,
      created_at: r.created_at.toISOString(),
      confirmed_at: iso(r.confirmed_at),
      unsubscribed_at: iso(r.unsubscribed_at),
    })),
  };
}

// Erasure on request: everything stored about an email address. The preview and the erasure
// select with the same conditions (below), so what the screen shows is what goes.

const sameAddress = (column: string, lower: string) => sql<boolean>`lower(${sql.ref(column)}) = ${lower}`;
/** The mails to the address, and the staff's copies of its messages (which name it as Reply-To). */
/** Deletes a subscriber; false when there is no such subscriber. */
export async function deleteSubscriber(db: Kysely<DB>, id: number): Promise<boolean> {
  const done = await db.deleteFrom('subscribers').where('id', '=', id).executeTakeFirst();
  return Number(done.numDeletedRows) > 0;
}

const mailsOf = (lower: string) =>
  sql<boolean>`(lower(recipient) = ${lower} or lower(message ->> 'replyTo') = ${lower})`;
/** How many examples of each kind the preview shows. */
const samples = 5;
const excerpt = (text: string) => (text.length > 140 ? `${text.slice(0, 139)}…` : text);

/** A staff account with the address that an erasure may not delete, and why; null when it may. */
export function keptAccount(
  account: { id: number; disabled: boolean },
  by: number,
): { code: 'erase_own_account' | 'erase_active_account'; message: string } | null {
  if (account.id === by)
    return { code: 'erase_own_account', message: 'this is your own account: another admin must erase it' };
  if (!account.disabled) {
    return {
      code: 'erase_active_account',
      message: 'the staff account of this address is active: disable it under Accounts first, then erase',
    };
  }
  return null;
}

/** What an erasure of `email` would delete: counts and the first few of each kind. */
export async function erasurePreview(db: Kysely<DB>, email: string) {
  const lower = email.trim().toLowerCase();
  const [subscription, feedback, feedbackCount, notes, mails, mailCount, staff] = await Promise.all([
    db.selectFrom('subscribers').selectAll().where(sameAddress('email', lower)).executeTakeFirst(),
    db
      .selectFrom('feedback')
      .select(['id', 'name', 'message', 'status', 'created_at'])
      .where(sameAddress('email', lower))
      .orderBy('id', 'desc')
      .limit(samples)
      .execute(),
    db
      .selectFrom('feedback')
      .select(sql<number>`count(*)::int`.as('n'))
      .where(sameAddress('email', lower))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('feedback_notes as n')
      .innerJoin('feedback as f', 'f.id', 'n.feedback_id')
      .select(sql<number>`count(*)::int`.as('n'))
      .where(sameAddress('f.email', lower))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('mail_queue')
      .select(['id', 'kind', sql<string>`message ->> 'subject'`.as('subject'), 'created_at', 'sent_at'])
      .where(mailsOf(lower))
      .orderBy('id', 'desc')
      .limit(samples)
      .execute(),
    db
      .selectFrom('mail_queue')
      .select(sql<number>`count(*)::int`.as('n'))
      .where(mailsOf(lower))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('staff as s')
      .select([
        's.id',
        's.name',
        's.role',
        's.created_at',
        sql<boolean>`s.disabled_at is not null`.as('disabled'),
        sql<number>`(select count(*)::int from content_history h where h.staff_id = s.id)`.as('saves'),
        sql<number>`(select count(*)::int from staff_sessions x where x.staff_id = s.id)`.as('sessions'),
      ])
      .where(sameAddress('s.email', lower))
      .executeTakeFirst(),
  ]);
  return {
    email: email.trim(),
    subscription: subscription
      ? {
          lang: subscription.lang,
          state: (subscription.unsubscribed_at
            ? 'unsubscribed'
            : subscription.confirmed_at
              ? 'confirmed'
              : 'unconfirmed') as SubscriberState,
          created_at: subscription.created_at.toISOString(),
        }
      : null,
    feedback: {
      count: feedbackCount.n,
      notes: notes.n,
      samples: feedback.map((f) => ({
        id: Number(f.id),
        name: f.name,
        status: f.status,
        created_at: f.created_at.toISOString(),
        excerpt: excerpt(f.message),
      })),
    },
    mails: {
      count: mailCount.n,
      samples: mails.map((m) => ({
        kind: m.kind,
        subject: m.subject ?? '',
        created_at: m.created_at.toISOString(),
        sent: m.sent_at !== null,
      })),
    },
    staff: staff
      ? {
          id: Number(staff.id),
          name: staff.name,
          role: staff.role,
          disabled: staff.disabled,
          created_at: staff.created_at.toISOString(),
          saves: staff.saves,
          sessions: staff.sessions,
        }
      : null,
  };
}

/**
 * Erases everything stored about an address, at its owner's request: the subscription, the
 * feedback messages it sent (with the staff's notes on them), the mails to it that wait in the
 * queue or were sent, the staff's copies of its messages, and a disabled staff account of that
 * address (its sessions and one-time links with it; the content history, notes and uploads it
 * made stay, no longer naming anyone). An active account, or the admin's own, is refused with a
 * 409 before anything is deleted. Returns how many of each.
 */
export async function eraseAddress(db: Kysely<DB>, email: string, by: number) {
  const lower = email.trim().toLowerCase();
  return db.transaction().execute(async (trx) => {
    const account = await trx
      .selectFrom('staff')
      .select(['id', sql<boolean>`disabled_at is not null`.as('disabled')])
      .where(sameAddress('email', lower))
      .forUpdate()
      .executeTakeFirst();
    const kept = account ? keptAccount({ id: Number(account.id), disabled: account.disabled }, by) : null;
    if (kept) throw staffError(409, kept.code, kept.message, { field: 'email' });
    const subscribers = await trx
      .deleteFrom('subscribers')
      .where(sameAddress('email', lower))
      .executeTakeFirst();
    const notes = await trx
      .selectFrom('feedback_notes as n')
      .innerJoin('feedback as f', 'f.id', 'n.feedback_id')
      .select(sql<number>`count(*)::int`.as('n'))
      .where(sameAddress('f.email', lower))
      .executeTakeFirstOrThrow();
    // the notes go with their messages (on delete cascade)
    const feedback = await trx.deleteFrom('feedback').where(sameAddress('email', lower)).executeTakeFirst();
    const mails = await trx.deleteFrom('mail_queue').where(mailsOf(lower)).executeTakeFirst();
    const staff = account
      ? await trx.deleteFrom('staff').where('id', '=', account.id).executeTakeFirst()
      : null;
    return {
      email: email.trim(),
      subscribers: Number(subscribers.numDeletedRows),
      feedback: Number(feedback.numDeletedRows),
      notes: notes.n,
      mails: Number(mails.numDeletedRows),
      staff: Number(staff?.numDeletedRows ?? 0),
    };
  });
}
