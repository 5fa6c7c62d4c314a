import type { Kysely } from 'kysely';
import { type StaffRole, staffRoles } from '../../../../common/admin-api.js';
import type { DB } from '../../../db/schema.js';
import { isEmail } from '../../visitors/routes.js';
import { createLink } from './links.js';
import { staffByEmail } from './repository.js';

// What the operator does from a terminal (`npm run admin:create`): the way in for the first admin
// and back in for an admin who lost their password. The command does it on the database itself,
// or asks the running portal to (server/control.ts) when the portal holds the embedded database.

export interface OperatorAccount {
  email: string;
  role: StaffRole;
  name?: string | undefined;
}

export interface OperatorLink {
  email: string;
  /** A new account (an invitation link), or one that existed (a link to choose a new password). */
  created: boolean;
  /** The account's role: the asked one for a new account, its own for an existing one. */
  role: StaffRole;
  token: string;
}

/** The account's request as the command or the portal's control socket received it, checked; or null. */
export function operatorAccount(input: unknown): OperatorAccount | null {
  const { email, role, name } = (input ?? {}) as Record<string, unknown>;
  if (typeof email !== 'string' || !isEmail(email.trim())) return null;
  if (!staffRoles.includes(role as StaffRole)) return null;
  if (name !== undefined && (typeof name !== 'string' || name.length > 200)) return null;
  return { email: email.trim(), role: role as StaffRole, name: name?.trim() };
}

/**
 * A new account with a one-time link (valid an hour) to choose its password; for an address that
 * has an account, a link to choose a new password instead (an invitation again if it never chose
 * one). Links of the same purpose the account had are replaced.
 */
export function operatorLink(db: Kysely<DB>, account: OperatorAccount): Promise<OperatorLink> {
  return db.transaction().execute(async (trx) => {
    const existing = await staffByEmail(trx, account.email);
    if (existing) {
      const token = await createLink(trx, existing.password_hash ? 'reset' : 'invite', existing.id, 1);
      return { email: existing.email, created: false, role: existing.role, token };
    }
    const row = await trx
      .insertInto('staff')
      .values({ email: account.email, role: account.role, name: account.name ?? '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await createLink(trx, 'invite', Number(row.id), 1);
    return { email: account.email, created: true, role: account.role, token };
  });
}
