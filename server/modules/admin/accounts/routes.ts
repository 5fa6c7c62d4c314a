import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AccountIdParams,
  AdminError,
  Done,
  InviteBody,
  StaffAccount,
  StaffAccountList,
  UpdateAccountBody,
} from '../../../../common/admin-api.js';
import { isEmail } from '../../visitors/routes.js';
import { staffOf } from '../auth/guard.js';
import { invitationMail, resetMail } from '../auth/mail-texts.js';
import { staffByEmail } from '../auth/repository.js';
import { endAllSessions } from '../auth/sessions.js';
import { staffError, staffNotFound } from '../errors.js';
import { inviteAccount, lastAdmin, listAccounts, mailLink, updateAccount } from './repository.js';

const tags = ['admin'];
const errors = { 400: AdminError, 401: AdminError, 403: AdminError, 404: AdminError, 409: AdminError };

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
      const by = staffOf(request).name || staffOf(request).email;
      const id = await inviteAccount(
        app.db,
        app.mail,
        { email, name: request.body.name?.trim() ?? '', role: request.body.role },
        (token) => invitationMail(email, app.config.publicUrl, token, by),
      );
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
      const { role, disabled } = request.body;
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
      await updateAccount(app.db, id, request.body);
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
      const purpose = account.invited ? 'invite' : 'reset';
      const by = staffOf(request).name || staffOf(request).email;
      await mailLink(app.db, app.mail, purpose, account.id, (token) =>
        purpose === 'invite'
          ? invitationMail(account.email, app.config.publicUrl, token, by)
          : resetMail(account.email, app.config.publicUrl, token),
      );
      app.mail.kick();
      return { ok: true as const };
    },
  );
};
