import { type Kysely, sql } from 'kysely';
import type { DB, FeedbackStatus } from '../../../db/schema.js';

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

/**
 * Erases everything stored about an address, at its owner's request: the subscription, the
 * feedback messages it sent (with the staff's notes on them), the mails to it that wait in the
 * queue or were sent, and the staff's copies of its messages. Returns how many of each.
 */
export async function eraseAddress(db: Kysely<DB>, email: string) {
  const lower = email.trim().toLowerCase();
  return db.transaction().execute(async (trx) => {
    const subscribers = await trx
      .deleteFrom('subscribers')
      .where(sql`lower(email)`, '=', lower)
      .executeTakeFirst();
    const feedback = await trx.deleteFrom('feedback').where(sql`lower(email)`, '=', lower).executeTakeFirst();
    // the mails to it, and the staff's copies of its messages (which name it as Reply-To)
    const mails = await trx
      .deleteFrom('mail_queue')
      .where((eb) =>
        eb.or([eb(sql`lower(recipient)`, '=', lower), eb(sql`lower(message ->> 'replyTo')`, '=', lower)]),
      )
      .executeTakeFirst();
    return {
      email: email.trim(),
      subscribers: Number(subscribers.numDeletedRows),
      feedback: Number(feedback.numDeletedRows),
      mails: Number(mails.numDeletedRows),
    };
  });
}
