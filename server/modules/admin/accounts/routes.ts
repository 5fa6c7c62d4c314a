import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import {
  AccountIdParams,
  AdminError,
  Done,
  InviteBody,
  StaffAccount,
  StaffAccountList,
  UpdateAccountBody,
} from '../../../../common/admin-api.js';
import type { DB } from '../../../db/schema.js';
import { isEmail } from '../../visitors/routes.js';
import { staffOf } from '../auth/guard.js';
import { createLink } from '../auth/links.js';
import { invitationMail, resetMail } from '../auth/mail-texts.js';
import { staffByEmail } from '../auth/repository.js';
import { endAllSessions } from '../auth/sessions.js';
import { staffError, staffNotFound } from '../errors.js';

const tags = ['admin'];
const errors = { 400: AdminError, 401: AdminError, 403: AdminError, 404: AdminError, 409: AdminError };

async function listAccounts(db: Kysely<DB>, id?: number): Promise<StaffAccount[]> {
  let query = db
    .selectFrom('staff as a')
    .select([
      'a.id',
      'a.email',
      'a.name',
      'a.role',
      'a.totp_enabled',
      'a.created_at',
      sql<boolean>`a.password_hash is null`.as('invited'),
      sql<boolean>`a.disabled_at is not null`.as('disabled'),
      sql<Date | null>`(select max(s.last_seen_at) from staff_sessions s where s.staff_id = a.id)`.as(
        'last_seen_at',
      ),
    ])
    .orderBy('a.id');
  if (id !== undefined) query = query.where('a.id', '=', id);
  const rows = await query.execute();
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    created_at: r.created_at.toISOString(),
    last_seen_at: r.last_seen_at ? new Date(r.last_seen_at).toISOString() : null,
  }));
}

/** Whether a change would leave the portal without an admin who can sign in. */
async function lastAdmin(db: Kysely<DB>, id: number): Promise<boolean> {
  const others = await db
    .selectFrom('staff')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('role', '=', 'admin')
    .where('disabled_at', 'is', null)
    .where('password_hash', 'is not', null)
    .where('id', '!=', id)
    .executeTakeFirstOrThrow();
  return others.n === 0;
}

export const accountsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/accounts',
    {
      config: { staff: 'admin' },
      schema: { tags, summary: 'The staff accounts', response: { 200: StaffAccountList, ...errors } },
    },
    async () => {
      const results = await listAccounts(app.db);
      return { count: results.length, results };
    },
  );

  app.get(
    '/accounts/:id',
    {
      config: { staff: 'admin' },
      schema: {
        tags,
        summary: 'One staff account (the form that changes it)',
        params: AccountIdParams,
        response: { 200: StaffAccount, ...errors },
      },
    },
    async (request) => {
      const [account] = await listAccounts(app.db, request.params.id);
      if (!account) throw staffNotFound('account');
      return account;
    },
  );

  app.post(
    '/accounts',
    {
      config: { staff: 'admin' },
      schema: {
        tags,
        summary: 'Invite a member of staff: the account, and a one-time link by mail to choose a password',
        body: InviteBody,
        response: { 201: StaffAccount, ...errors },
      },
    },
    async (request, reply) => {
      const email = request.body.email.trim();
      if (!isEmail(email))
        throw staffError(400, 'email_invalid', 'body email is not a valid email address', { field: 'email' });
      if (await staffByEmail(app.db, email)) {
        throw staffError(409, 'account_exists', 'an account with this address exists already', {
          field: 'email',
        });
      }
      const id = await app.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('staff')
          .values({ email, name: request.body.name?.trim() ?? '', role: request.body.role })
          .returning('id')
          .executeTakeFirstOrThrow();
        const token = await createLink(trx, 'invite', Number(row.id));
        const by = staffOf(request).name || staffOf(request).email;
        await app.mail.enqueue(trx, 'staff-invite', invitationMail(email, app.config.publicUrl, token, by));
        return Number(row.id);
      });
      app.mail.kick();
      const [account] = await listAccounts(app.db, id);
      return reply.status(201).send(account as StaffAccount);
    },
  );

  app.patch(
    '/accounts/:id',
    {
      config: { staff: 'admin' },
      schema: {
        tags,
        summary: 'Change an account: name, role, disabled',
        params: AccountIdParams,
        body: UpdateAccountBody,
        response: { 200: StaffAccount, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { name, role, disabled } = request.body;
      const [before] = await listAccounts(app.db, id);
      if (!before) throw staffNotFound('account');
      if (
        (role === 'editor' || disabled === true) &&
        before.role === 'admin' &&
        (await lastAdmin(app.db, id))
      ) {
        throw staffError(
          409,
          'last_admin',
          'this is the last admin who can sign in: make another admin first',
        );
      }
      await app.db
        .updateTable('staff')
        .set({
          ...(name !== undefined ? { name: name.trim() } : {}),
          ...(role !== undefined ? { role } : {}),
          ...(disabled !== undefined ? { disabled_at: disabled ? new Date() : null } : {}),
        })
        .where('id', '=', id)
        .execute();
      // A disabled account, or one whose rights changed, signs in again.
      if (disabled === true || (role !== undefined && role !== before.role)) await endAllSessions(app.db, id);
      const [account] = await listAccounts(app.db, id);
      return account as StaffAccount;
    },
  );

  app.post(
    '/accounts/:id/reset',
    {
      config: { staff: 'admin' },
      schema: {
        tags,
        summary: 'Mail the account a one-time link to choose a new password',
        params: AccountIdParams,
        response: { 200: Done, ...errors },
      },
    },
    async (request) => {
      const [account] = await listAccounts(app.db, request.params.id);
      if (!account) throw staffNotFound('account');
      await app.db.transaction().execute(async (trx) => {
        const purpose = account.invited ? 'invite' : 'reset';
        const token = await createLink(trx, purpose, account.id);
        const by = staffOf(request).name || staffOf(request).email;
        const mail =
          purpose === 'invite'
            ? invitationMail(account.email, app.config.publicUrl, token, by)
            : resetMail(account.email, app.config.publicUrl, token);
        await app.mail.enqueue(trx, `staff-${purpose}`, mail);
      });
      app.mail.kick();
      return { ok: true as const };
    },
  );
};
