import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminError,
  ChangePasswordBody,
  Done,
  SignInBody,
  StaffLinkInfo,
  StaffLinkQuery,
  StaffMe,
  TotpConfirmBody,
  TotpDisableBody,
  TotpSetup,
  UseStaffLinkBody,
} from '../../../../common/admin-api.js';
import { HttpError } from '../../../lib/errors.js';
import { readSettings } from '../settings/repository.js';
import { staffOf } from './guard.js';
import { createLink, findLink } from './links.js';
import { checkNewPassword, hashPassword, passwordMatches, verifyNothing } from './passwords.js';
import {
  anyStaff,
  me,
  recordFailure,
  recordSuccess,
  setPassword,
  staffByEmail,
  staffById,
} from './repository.js';
import { endAllSessions, endSession, startSession } from './sessions.js';
import { newTotpSecret, totpMatches, totpStep } from './totp.js';

const tags = ['admin'];
const errors = { 400: AdminError, 401: AdminError, 403: AdminError, 429: AdminError };

/** One answer for every failed sign-in: it does not tell which addresses have accounts. */
const wrongSignIn = () =>
  new HttpError(401, 'wrong email or password, or the account is locked after too many failed attempts');

/** Sign-in attempts per visitor address per minute, and per account per 15 minutes. */
export const signInLimits = { perAddress: 10, perAccount: 20 };

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const accountLimit = app.createRateLimit({
    max: signInLimits.perAccount,
    timeWindow: 15 * 60_000,
    keyGenerator: (request) =>
      `staff-sign-in:${String((request.body as { email?: string })?.email).toLowerCase()}`,
  });

  app.post(
    '/auth/sign-in',
    {
      config: {
        staff: 'anyone',
        rateLimit: { max: signInLimits.perAddress, timeWindow: 60_000 },
      },
      schema: {
        tags,
        summary: "Sign in with email and password (and the second factor's code when the account has one)",
        description:
          'Starts a session: an HttpOnly, SameSite=Strict cookie. Every failure is the same 401, whether the ' +
          'address has an account or not; an account whose second factor is on answers 401 with ' +
          '`second_factor: true` until the code is sent. Ten failures in a row lock the account until an admin ' +
          'lifts the lock.',
        body: SignInBody,
        response: { 200: StaffMe, ...errors },
      },
    },
    async (request, reply) => {
      const limit = await accountLimit(request);
      if (!limit.isAllowed && limit.isExceeded) {
        throw new HttpError(
          429,
          `too many sign-in attempts for this account: try again in ${limit.ttlInSeconds} s`,
        );
      }
      const { email, password, code } = request.body;
      const account = await staffByEmail(app.db, email.trim());
      if (!account?.password_hash || account.disabled_at) {
        await verifyNothing(password);
        throw wrongSignIn();
      }
      const matches = await passwordMatches(account.password_hash, password);
      if (!matches || account.locked_at) {
        if (!account.locked_at) await recordFailure(app.db, account.id);
        throw wrongSignIn();
      }
      if (account.totp_enabled && account.totp_secret) {
        if (!code) {
          throw new HttpError(401, 'enter the code of your authenticator app', { second_factor: true });
        }
        const step = await totpStep(account.totp_secret, code);
        if (step === null) {
          await recordFailure(app.db, account.id);
          throw new HttpError(401, 'the code is wrong or has expired: enter the current one', {
            second_factor: true,
          });
        }
        // a code counts once: claimed only if no code of this step or a later one was accepted
        const claimed = await app.db
          .updateTable('staff')
          .set({ totp_last_step: step })
          .where('id', '=', account.id)
          .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
          .executeTakeFirst();
        if (!Number(claimed.numUpdatedRows)) {
          throw new HttpError(401, 'this code was used already: wait for the next one', {
            second_factor: true,
          });
        }
      }
      await recordSuccess(app.db, account.id);
      await startSession(app.db, request, reply, account.id);
      const settings = await readSettings(app.db);
      return me(account, settings.totp_required_for_admins);
    },
  );

  app.post(
    '/auth/sign-out',
    {
      config: { staff: 'anyone' },
      schema: { tags, summary: 'End this session', response: { 200: Done, ...errors } },
    },
    async (request, reply) => {
      await endSession(app.db, request, reply);
      return { ok: true as const };
    },
  );

  app.post(
    '/auth/sign-out-everywhere',
    {
      config: { staff: 'editor' },
      schema: {
        tags,
        summary: 'End every session of this account, this one too',
        response: { 200: Done, ...errors },
      },
    },
    async (request, reply) => {
      await endAllSessions(app.db, staffOf(request).id);
      await endSession(app.db, request, reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/auth/me',
    {
      config: { staff: 'editor' },
      schema: { tags, summary: 'The signed-in account', response: { 200: StaffMe, ...errors } },
    },
    async (request) => {
      const settings = await readSettings(app.db);
      return me(staffOf(request), settings.totp_required_for_admins);
    },
  );

  app.post(
    '/auth/password',
    {
      config: { staff: 'editor', rateLimit: { max: signInLimits.perAddress, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: "Change the password (ends the account's other sessions)",
        body: ChangePasswordBody,
        response: { 200: Done, ...errors },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const account = await staffById(app.db, staff.id);
      if (!account?.password_hash || !(await passwordMatches(account.password_hash, request.body.current))) {
        throw new HttpError(400, 'the current password is wrong', { field: 'current' });
      }
      await checkNewPassword(request.body.password, account.email);
      await setPassword(app.db, staff.id, await hashPassword(request.body.password));
      await endAllSessions(app.db, staff.id, staff.sessionId);
      return { ok: true as const };
    },
  );

  app.post(
    '/auth/totp/setup',
    {
      config: { staff: 'editor' },
      schema: {
        tags,
        summary: 'Start setting up the second factor: a new secret, on once a code of it is confirmed',
        response: { 200: TotpSetup, ...errors },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      if (staff.totp_enabled) throw new HttpError(400, 'the second factor is on already: turn it off first');
      const setup = newTotpSecret(staff.email);
      await app.db
        .updateTable('staff')
        .set({ totp_secret: setup.secret })
        .where('id', '=', staff.id)
        .execute();
      return setup;
    },
  );

  app.post(
    '/auth/totp/confirm',
    {
      config: { staff: 'editor', rateLimit: { max: signInLimits.perAddress, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Turn the second factor on with a code of the new secret',
        body: TotpConfirmBody,
        response: { 200: StaffMe, ...errors },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const account = await staffById(app.db, staff.id);
      if (!account?.totp_secret || account.totp_enabled) throw new HttpError(400, 'start the set-up first');
      if (!(await totpMatches(account.totp_secret, request.body.code))) {
        throw new HttpError(400, 'the code does not match: check the app and the phone’s clock', {
          field: 'code',
        });
      }
      await app.db.updateTable('staff').set({ totp_enabled: true }).where('id', '=', staff.id).execute();
      const settings = await readSettings(app.db);
      return me({ ...account, totp_enabled: true }, settings.totp_required_for_admins);
    },
  );

  app.post(
    '/auth/totp/disable',
    {
      config: { staff: 'editor', rateLimit: { max: signInLimits.perAddress, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Turn the second factor off (asks for the password)',
        body: TotpDisableBody,
        response: { 200: StaffMe, ...errors },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const account = await staffById(app.db, staff.id);
      if (!account?.password_hash || !(await passwordMatches(account.password_hash, request.body.password))) {
        throw new HttpError(400, 'the password is wrong', { field: 'password' });
      }
      const settings = await readSettings(app.db);
      if (settings.totp_required_for_admins && account.role === 'admin') {
        throw new HttpError(403, 'the settings require a second factor for admins');
      }
      await app.db
        .updateTable('staff')
        .set({ totp_enabled: false, totp_secret: null })
        .where('id', '=', staff.id)
        .execute();
      return me({ ...account, totp_enabled: false }, settings.totp_required_for_admins);
    },
  );

  app.get(
    '/auth/link',
    {
      config: { staff: 'anyone', rateLimit: { max: signInLimits.perAddress, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'What a one-time link (first admin, invitation, password reset) is for',
        querystring: StaffLinkQuery,
        response: { 200: StaffLinkInfo, 404: AdminError, ...errors },
      },
    },
    async (request) => {
      const link = await findLink(app.db, request.query.token);
      if (!link) throw new HttpError(404, 'this link is not valid: it was used, has expired or was replaced');
      return { purpose: link.purpose, email: link.email, expires_at: link.expiresAt.toISOString() };
    },
  );

  app.post(
    '/auth/link',
    {
      config: { staff: 'anyone', rateLimit: { max: signInLimits.perAddress, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Use a one-time link: set the password (the first admin also the address) and sign in',
        body: UseStaffLinkBody,
        response: { 200: StaffMe, 404: AdminError, 409: AdminError, ...errors },
      },
    },
    async (request, reply) => {
      const { token, password } = request.body;
      const passwordHashFor = async (email: string) => {
        await checkNewPassword(password, email);
        return hashPassword(password);
      };
      const staffId = await app.db.transaction().execute(async (trx) => {
        const link = await findLink(trx, token);
        if (!link)
          throw new HttpError(404, 'this link is not valid: it was used, has expired or was replaced');
        // Used once: the row is claimed before anything else, so two submissions cannot both use it.
        const claimed = await trx
          .updateTable('staff_links')
          .set({ used_at: new Date() })
          .where('token_hash', '=', link.tokenHash)
          .where('used_at', 'is', null)
          .returning('token_hash')
          .executeTakeFirst();
        if (!claimed) throw new HttpError(404, 'this link was used a moment ago');
        if (link.purpose === 'setup') {
          if (await anyStaff(trx)) throw new HttpError(409, 'the first admin exists already: sign in');
          const email = request.body.email?.trim();
          if (!email)
            throw new HttpError(400, 'body email is required for the first admin', { field: 'email' });
          const hash = await passwordHashFor(email);
          const row = await trx
            .insertInto('staff')
            .values({
              email,
              name: request.body.name?.trim() ?? '',
              role: 'admin',
              password_hash: hash,
              password_changed_at: new Date(),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          return Number(row.id);
        }
        if (link.staffId === null) throw new HttpError(404, 'this link is not valid');
        await setPassword(trx, link.staffId, await passwordHashFor(link.email));
        if (request.body.name?.trim()) {
          await trx
            .updateTable('staff')
            .set({ name: request.body.name.trim() })
            .where('id', '=', link.staffId)
            .execute();
        }
        // A new password ends the sessions the old one opened.
        await endAllSessions(trx, link.staffId);
        return link.staffId;
      });
      const account = await staffById(app.db, staffId);
      if (!account || account.disabled_at) throw new HttpError(403, 'this account is disabled');
      await startSession(app.db, request, reply, staffId);
      const settings = await readSettings(app.db);
      return me(account, settings.totp_required_for_admins);
    },
  );
};

/** When no account exists: a new setup link for the first admin (valid an hour); else null. */
export async function firstAdminLink(db: Parameters<typeof anyStaff>[0]): Promise<string | null> {
  if (await anyStaff(db)) return null;
  return createLink(db, 'setup', null);
}
