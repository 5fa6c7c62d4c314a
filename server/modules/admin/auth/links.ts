import type { Kysely, Transaction } from 'kysely';
import type { DB, StaffLinkPurpose } from '../../../db/schema.js';
import { anyStaff, setPassword } from './repository.js';
import { endAllSessions, newToken, sha256 } from './sessions.js';

/** How long a one-time link works: the first admin's setup link an hour, an invitation a week. */
export const linkHours: Record<StaffLinkPurpose, number> = { setup: 1, invite: 24 * 7, reset: 24 };

/** The path of a one-time link's page in the back office; the token goes in the fragment-free query. */
export const linkPath = (token: string) => `/admin/link?token=${encodeURIComponent(token)}`;

/**
 * A new one-time link for an account (none for the first admin's setup), replacing the account's
 * unused links of the same purpose. Returns the token, which only the link carries.
 */
export async function createLink(
  db: Kysely<DB> | Transaction<DB>,
  purpose: StaffLinkPurpose,
  staffId: number | null,
  hours = linkHours[purpose],
): Promise<string> {
  const token = newToken();
  let old = db.deleteFrom('staff_links').where('purpose', '=', purpose).where('used_at', 'is', null);
  old = staffId === null ? old.where('staff_id', 'is', null) : old.where('staff_id', '=', staffId);
  await old.execute();
  await db
    .insertInto('staff_links')
    .values({
      token_hash: sha256(token),
      purpose,
      staff_id: staffId,
      expires_at: new Date(Date.now() + hours * 3_600_000),
    })
    .execute();
  return token;
}

/**
 * When no account exists: a new setup link for the first admin (valid an hour); else null. Here,
 * not beside the routes, because the start calls it before any of them is loaded (the cluster's
 * primary loads none).
 */
export async function firstAdminLink(db: Kysely<DB>): Promise<string | null> {
  if (await anyStaff(db)) return null;
  return createLink(db, 'setup', null);
}

export interface LiveLink {
  tokenHash: string;
  purpose: StaffLinkPurpose;
  staffId: number | null;
  email: string;
  expiresAt: Date;
}

/** The unused, unexpired link of a token (with its account's address), or null. */
export async function findLink(db: Kysely<DB> | Transaction<DB>, token: string): Promise<LiveLink | null> {
  const row = await db
    .selectFrom('staff_links as l')
    .leftJoin('staff as a', 'a.id', 'l.staff_id')
    .select(['l.token_hash', 'l.purpose', 'l.staff_id', 'l.expires_at', 'a.email'])
    .where('l.token_hash', '=', sha256(token))
    .where('l.used_at', 'is', null)
    .where('l.expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row) return null;
  return {
    tokenHash: row.token_hash,
    purpose: row.purpose,
    staffId: row.staff_id === null ? null : Number(row.staff_id),
    email: row.email ?? '',
    expiresAt: row.expires_at,
  };
}

/** Why a link was not used: it is not valid (any more), another submission used it a moment ago, or the first admin's form is refused. */
export type LinkRefusal = 'invalid' | 'used_just_now' | 'first_admin_exists' | 'email_required';

/** Leaves useLink's transaction, undoing what it did. */
class Refused extends Error {
  constructor(readonly why: LinkRefusal) {
    super(`link refused: ${why}`);
  }
}

/**
 * Uses a one-time link, in one transaction: claims it first, so two submissions cannot both use
 * it, then makes the first admin (a setup link: the form's address and name) or sets the account's
 * password (and the form's name), ending the sessions the old password opened. `passwordHashFor`
 * checks and hashes the new password for the account's address; an error it throws undoes
 * everything, as does a refusal. Returns the account's id, or why the link was refused.
 */
export async function useLink(
  db: Kysely<DB>,
  token: string,
  form: { email?: string | undefined; name?: string | undefined },
  passwordHashFor: (email: string) => Promise<string>,
): Promise<{ staffId: number } | { refused: LinkRefusal }> {
  try {
    const staffId = await db.transaction().execute(async (trx) => {
      const link = await findLink(trx, token);
      if (!link) throw new Refused('invalid');
      const claimed = await trx
        .updateTable('staff_links')
        .set({ used_at: new Date() })
        .where('token_hash', '=', link.tokenHash)
        .where('used_at', 'is', null)
        .returning('token_hash')
        .executeTakeFirst();
      if (!claimed) throw new Refused('used_just_now');
      if (link.purpose === 'setup') {
        if (await anyStaff(trx)) throw new Refused('first_admin_exists');
        const email = form.email?.trim();
        if (!email) throw new Refused('email_required');
        const hash = await passwordHashFor(email);
        const row = await trx
          .insertInto('staff')
          .values({
            email,
            name: form.name?.trim() ?? '',
            role: 'admin',
            password_hash: hash,
            password_changed_at: new Date(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return Number(row.id);
      }
      if (link.staffId === null) throw new Refused('invalid');
      await setPassword(trx, link.staffId, await passwordHashFor(link.email));
      if (form.name?.trim()) {
        await trx
          .updateTable('staff')
          .set({ name: form.name.trim() })
          .where('id', '=', link.staffId)
          .execute();
      }
      await endAllSessions(trx, link.staffId);
      return link.staffId;
    });
    return { staffId };
  } catch (err) {
    if (err instanceof Refused) return { refused: err.why };
    throw err;
  }
}
