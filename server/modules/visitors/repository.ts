import crypto from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Lang } from '../../../common/languages.js';
import type { DB } from '../../db/schema.js';
import type { MailQueue } from '../../lib/mail.js';
import { confirmationMail, feedbackMail } from './mail-texts.js';

export interface NewFeedback {
  name: string;
  phone: string;
  email: string;
  message: string;
  lang: Lang;
  page: string | null;
}

/** Stores a feedback message (and its copy for the staff) in one transaction; resolves once committed. */
export async function storeFeedback(
  db: Kysely<DB>,
  mail: MailQueue,
  feedbackTo: string | undefined,
  f: NewFeedback,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('feedback').values(f).returning('id').executeTakeFirstOrThrow();
    if (feedbackTo) await mail.enqueue(trx, 'feedback', feedbackMail(feedbackTo, Number(id), f));
    return Number(id);
  });
}

export type SubscribeOutcome = 'new' | 'unconfirmed' | 'already';

/** How long an address waits for its owner's confirmation before it is forgotten. */
export const confirmDays = 7;

/**
 * Subscribes an address (compared case-insensitively) pending its owner's confirmation: a new
 * one gets a row and the mail with the confirmation link; one still unconfirmed gets that mail
 * again; an unsubscribed one starts afresh (a new row and token); a confirmed one is left alone.
 */
export async function subscribe(
  db: Kysely<DB>,
  mail: MailQueue,
  publicUrl: string,
  email: string,
  lang: Lang,
): Promise<SubscribeOutcome> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('subscribers')
      .select(['id', 'token', 'unsubscribed_at', 'confirmed_at'])
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .forUpdate()
      .executeTakeFirst();
    if (existing && !existing.unsubscribed_at && existing.confirmed_at) return 'already';
    if (existing && !existing.unsubscribed_at) {
      await trx.updateTable('subscribers').set({ lang }).where('id', '=', existing.id).execute();
      await mail.enqueue(trx, 'confirm', confirmationMail(email, lang, publicUrl, existing.token));
      return 'unconfirmed';
    }
    if (existing) await trx.deleteFrom('subscribers').where('id', '=', existing.id).execute();
    const token = crypto.randomBytes(32).toString('base64url');
    const inserted = await trx
      .insertInto('subscribers')
      .values({ email, lang, token })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    // Nothing inserted: the same address was subscribed by a concurrent request a moment ago.
    if (!inserted) return 'already';
    await mail.enqueue(trx, 'confirm', confirmationMail(email, lang, publicUrl, token));
    return 'new';
  });
}

export type ConfirmOutcome =
  | { status: 'confirmed' | 'already-confirmed'; email: string }
  | { status: 'unknown' };

/** Confirms the address of a confirmation link; unknown once unsubscribed or forgotten. */
export async function confirmSubscription(db: Kysely<DB>, token: string): Promise<ConfirmOutcome> {
  const done = await db
    .updateTable('subscribers')
    .set({ confirmed_at: new Date() })
    .where('token', '=', token)
    .where('unsubscribed_at', 'is', null)
    .where('confirmed_at', 'is', null)
    .returning('email')
    .executeTakeFirst();
  if (done) return { status: 'confirmed', email: done.email };
  const known = await db
    .selectFrom('subscribers')
    .select('email')
    .where('token', '=', token)
    .where('unsubscribed_at', 'is', null)
    .executeTakeFirst();
  return known ? { status: 'already-confirmed', email: known.email } : { status: 'unknown' };
}

/** Forgets the addresses whose owners did not confirm them within `confirmDays`; returns how many. */
export async function forgetUnconfirmed(db: Kysely<DB>): Promise<number> {
  const gone = await db
    .deleteFrom('subscribers')
    .where('confirmed_at', 'is', null)
    .where('unsubscribed_at', 'is', null)
    .where('created_at', '<', new Date(Date.now() - confirmDays * 86_400_000))
    .executeTakeFirst();
  return Number(gone.numDeletedRows);
}

export type UnsubscribeOutcome = { status: 'unsubscribed' | 'used'; email: string } | { status: 'unknown' };

/** Unsubscribes the address of an unsubscribe link; `used` when it was unsubscribed already. */
export async function unsubscribe(db: Kysely<DB>, token: string): Promise<UnsubscribeOutcome> {
  const done = await db
    .updateTable('subscribers')
    .set({ unsubscribed_at: new Date() })
    .where('token', '=', token)
    .where('unsubscribed_at', 'is', null)
    .returning('email')
    .executeTakeFirst();
  if (done) return { status: 'unsubscribed', email: done.email };
  const known = await db
    .selectFrom('subscribers')
    .select('email')
    .where('token', '=', token)
    .executeTakeFirst();
  return known ? { status: 'used', email: known.email } : { status: 'unknown' };
}
