import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AdminError,
  ChangePasswordBody,
  Done,
  PasswordBody,
  RecoveryCodes,
  RecoveryCodesLeft,
  SignInBody,
  StaffLinkInfo,
  StaffLinkQuery,
  StaffMe,
  TotpConfirmBody,
  TotpEnabled,
  TotpSetup,
  UseStaffLinkBody,
} from '../../../../common/admin-api.js';
import type { HttpError } from '../../../lib/errors.js';
import { maskEmail } from '../../../lib/mask.js';
import { SecretKeyError } from '../../../lib/secret-box.js';
import { staffError } from '../errors.js';
import { readSettings } from '../settings/repository.js';
import { signInAttempts, throttled } from './attempts.js';
import { deviceFailed, forgetDevices, rememberDevice, trustedDevice } from './devices.js';
import { staffOf } from './guard.js';
import { findLink, type LinkRefusal, useLink } from './links.js';
import { checkNewPassword, hashPassword, passwordMatches, verifyNothing } from './passwords.js';
import { recoveryCodesLeft, replaceRecoveryCodes, spendRecoveryCode } from './recovery-codes.js';
import {
  claimTotpStep,
  disableTotp,
  enableTotp,
  me,
  type StaffRow,
  setPassword,
  staffByEmail,
  staffById,
  storeTotpSecret,
} from './repository.js';
import { endAllSessions, endSession, startSession } from './sessions.js';
import { newTotpSecret, openTotpSecret, sealTotpSecret, totpStep } from './totp.js';

const tags = ['admin'];
const errors = { 400: AdminError, 401: AdminError, 403: AdminError, 429: AdminError };

/** One answer for every failed sign-in: it does not tell which addresses have accounts. */
const wrongSignIn = () => staffError(401, 'sign_in_wrong', 'wrong email or password');

/** A one-time link that does not work (any more). */
const linkInvalid = (message = 'this link is not valid: it was used, has expired or was replaced') =>
  staffError(404, 'link_invalid', message);

/** The answer to each refusal of a one-time link. */
const linkRefusal: Record<LinkRefusal, () => HttpError> = {
  invalid: () => linkInvalid(),
  used_just_now: () => linkInvalid('this link was used a moment ago'),
  first_admin_exists: () => staffError(409, 'first_admin_exists', 'the first admin exists already: sign in'),
  email_required: () =>
    staffError(400, 'email_required', 'body email is required for the first admin', { field: 'email' }),
};

/** Requests per visitor address per minute to the account's and the links' forms. */
export const signInLimits = { perAddress: 10 };

/** What a sign-in's credentials come to: in, or the error to answer and whether it counts as a failure. */
type Checked =
  | { ok: true; account: StaffRow; secondFactor: boolean }
  | { ok: false; error: HttpError; counts: boolean };

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const attempts = signInAttempts(app);

  /**
   * The password and, when the account has one, the second factor (a code of the app, or a
   * recovery code). A code counts once: it is claimed only if no code of its step or a later one
   * was accepted.
   */
  async function check(
    account: StaffRow | null,
    body: { password: string; code?: string | undefined; recovery_code?: string | undefined },
  ): Promise<Checked> {
    const failed = (error: HttpError): Checked => ({ ok: false, error, counts: true });
    if (!account?.password_hash) {
      await verifyNothing(body.password);
      return failed(wrongSignIn());
    }
    if (!(await passwordMatches(account.password_hash, body.password))) return failed(wrongSignIn());
    if (!account.totp_enabled || !account.totp_secret) return { ok: true, account, secondFactor: false };
    if (body.recovery_code) {
      if (await spendRecoveryCode(app.db, account.id, body.recovery_code)) {
        return { ok: true, account, secondFactor: true };
      }
      return failed(
        staffError(401, 'recovery_code_wrong', 'this recovery code is wrong or was used already', {
          second_factor: true,
        }),
      );
    }
    if (!body.code) {
      return {
        ok: false,
        counts: false,
        error: staffError(401, 'totp_code_needed', 'enter the code of your authenticator app', {
          second_factor: true,
        }),
      };
    }
    let secret: string;
    try {
      secret = openTotpSecret(app.secrets, account.id, account.totp_secret);
    } catch (err) {
      if (!(err instanceof SecretKeyError)) throw err;
      app.log.error(
        `sign-in: the second factor of ${maskEmail(account.email)} cannot be opened: ${err.message}`,
      );
      return {
        ok: false,
        counts: false,
        error: staffError(
          503,
          'second_factor_unreadable',
          "the server's key (SECRET_KEY) does not open this account's second factor: sign in with a recovery code, and tell an admin",
          { second_factor: true },
        ),
      };
    }
    const step = await totpStep(secret, body.code);
    if (step === null) {
      return failed(
        staffError(401, 'totp_wrong', 'the code is wrong or has expired: enter the current one', {
          second_factor: true,
        }),
      );
    }
    if (!(await claimTotpStep(app.db, account.id, step))) {
      return failed(
        staffError(401, 'totp_used', 'this code was used already: wait for the next one', {
          second_factor: true,
        }),
      );
    }
    return { ok: true, account, secondFactor: true };
  }

  /**
   * Signs in, slowing guessers down (attempts.ts): a browser the account trusts (devices.ts) is
   * never slowed by others' failures, only by its own; any other must wait while its address or
   * the account has failed too often, except that the owner gets in with the second factor while
   * only the account is waited on. While the account is waited on, every failure answers the same
   * 429, whatever was wrong: the answer tells a guesser nothing.
   */
  async function signIn(request: FastifyRequest, reply: FastifyReply, body: SignInBody) {
    const email = body.email.trim();
    const found = await staffByEmail(app.db, email);
    const account = found && !found.disabled_at ? found : null;
    const device = account?.password_hash ? await trustedDevice(app.db, request, account.id) : null;
    let accountWaits = false;
    if (!device) {
      const waits = await attempts.waits(request.ip, email);
      if (waits.address) throw throttled(reply, 'address', waits.address);
      if (waits.account && !body.code && !body.recovery_code)
        throw throttled(reply, 'account', waits.account);
      accountWaits = waits.account > 0;
    }
    const checked = await check(account, body);
    const passes = checked.ok && (!accountWaits || checked.secondFactor);
    if (!passes) {
      if (device && !checked.ok && checked.counts) await deviceFailed(app.db, device);
      let wait = 0;
      if (!device && (accountWaits || (!checked.ok && checked.counts))) {
        wait = await attempts.failed(request.ip, email, account?.password_hash ? account.email : null);
      }
      if (accountWaits) throw throttled(reply, 'account', wait);
      throw (checked as { error: HttpError }).error;
    }
    if (!device && !accountWaits) await attempts.succeeded(email);
    await rememberDevice(app.db, request, reply, checked.account.id, device);
    await startSession(app.db, request, reply, checked.account.id);
    const settings = await readSettings(app.db);
    return me(checked.account, settings.totp_required_for_admins);
  }

  app.post(
    '/auth/sign-in',
    {
      config: { staff: 'anyone' },
      schema: {
        tags,
        summary:
          "Sign in with email and password (and the second factor's code, or a recovery code, when the account has one)",
        description:
          'Starts a session: an HttpOnly, SameSite=Strict cookie, and a device cookie that marks this browser as ' +
          'one the account signs in from. Every failure is the same 401, whether the address has an account or not; ' +
          'an account whose second factor is on answers 401 with `second_factor: true` until the code is sent. ' +
          'Failures slow down the next attempts, per client address (after 10) and per account (after 5): a 429 ' +
          'with Retry-After, doubling with each further failure up to 15 minutes, forgotten an hour after the last ' +
          'failure. A browser with the account’s device cookie is not slowed down by other people’s failures, and ' +
          'while only the account is slowed down its owner signs in with the second factor. Nothing locks an account.',
        body: SignInBody,
        response: { 200: StaffMe, ...errors, 503: AdminError },
      },
    },
    (request, reply) => signIn(request, reply, request.body),
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
        summary:
          'End every session of this account, this one too, and forget the browsers it signed in from (device cookies)',
        response: { 200: Done, ...errors },
      },
    },
    async (request, reply) => {
      await endAllSessions(app.db, staffOf(request).id);
      await forgetDevices(app.db, staffOf(request).id);
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
        throw staffError(400, 'current_password_wrong', 'the current password is wrong', {
          field: 'current',
        });
      }
      await checkNewPassword(request.body.password, account.email);
      await setPassword(app.db, staff.id, await hashPassword(request.body.password));
      await endAllSessions(app.db, staff.id, staff.sessionId);
      return { ok: true as const };
    },
  );

  /** The password of the signed-in account again, or a 400 on the field. */
  async function passwordAgain(staffId: number, password: string): Promise<StaffRow> {
    const account = await staffById(app.db, staffId);
    if (!account?.password_hash || !(await passwordMatches(account.password_hash, password))) {
      throw staffError(400, 'password_wrong', 'the password is wrong', { field: 'password' });
    }
    return account;
  }

  app.post(
    '/auth/totp/setup',
    {
      config: { staff: 'editor' },
      schema: {
        tags,
        summary: 'Start setting up the second factor: a new secret, on once a code of it is confirmed',
        description: 'The secret is shown this once; the server stores it sealed with its key (SECRET_KEY).',
        response: { 200: TotpSetup, ...errors },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      if (staff.totp_enabled)
        throw staffError(400, 'totp_on_already', 'the second factor is on already: turn it off first');
      const setup = newTotpSecret(staff.email);
      await storeTotpSecret(app.db, staff.id, sealTotpSecret(app.secrets, staff.id, setup.secret));
      return setup;
    },
  );

  app.post(
    '/auth/totp/confirm',
    {
      config: { staff: 'editor', rateLimit: { max: signInLimits.perAddress, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Turn the second factor on with a code of the new secret; answers its recovery codes',
        description:
          'The answer carries 10 one-time recovery codes, each of which signs in once in place of a code of ' +
          'the app. They are shown this once: the server keeps only their hashes.',
        body: TotpConfirmBody,
        response: { 200: TotpEnabled, ...errors, 503: AdminError },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const account = await staffById(app.db, staff.id);
      if (!account?.totp_secret || account.totp_enabled)
        throw staffError(400, 'totp_setup_first', 'start the set-up first');
      let secret: string;
      try {
        secret = openTotpSecret(app.secrets, staff.id, account.totp_secret);
      } catch (err) {
        if (!(err instanceof SecretKeyError)) throw err;
        throw staffError(
          400,
          'totp_setup_first',
          'the set-up was started under another server key: start it again',
        );
      }
      if ((await totpStep(secret, request.body.code)) === null) {
        throw staffError(400, 'totp_wrong', 'the code does not match: check the app and the phone’s clock', {
          field: 'code',
        });
      }
      const codes = await enableTotp(app.db, staff.id);
      const settings = await readSettings(app.db);
      return {
        account: me({ ...account, totp_enabled: true }, settings.totp_required_for_admins),
        recovery_codes: codes,
      };
    },
  );

  app.post(
    '/auth/totp/disable',
    {
      config: { staff: 'editor', rateLimit: { max: signInLimits.perAddress, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Turn the second factor off (asks for the password); its recovery codes go with it',
        body: PasswordBody,
        response: { 200: StaffMe, ...errors },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const account = await passwordAgain(staff.id, request.body.password);
      const settings = await readSettings(app.db);
      if (settings.totp_required_for_admins && account.role === 'admin') {
        throw staffError(403, 'totp_required', 'the settings require a second factor for admins');
      }
      await disableTotp(app.db, staff.id);
      return me({ ...account, totp_enabled: false }, settings.totp_required_for_admins);
    },
  );

  app.get(
    '/auth/recovery-codes',
    {
      config: { staff: 'editor' },
      schema: {
        tags,
        summary: 'How many recovery codes of the second factor are left unused',
        response: { 200: RecoveryCodesLeft, ...errors },
      },
    },
    async (request) => ({ left: await recoveryCodesLeft(app.db, staffOf(request).id) }),
  );

  app.post(
    '/auth/recovery-codes',
    {
      config: { staff: 'editor', rateLimit: { max: signInLimits.perAddress, timeWindow: 60_000 } },
      schema: {
        tags,
        summary:
          'New recovery codes for the second factor (asks for the password); the old ones stop working',
        description: 'The 10 new codes are shown this once: the server keeps only their hashes.',
        body: PasswordBody,
        response: { 200: RecoveryCodes, ...errors },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const account = await passwordAgain(staff.id, request.body.password);
      if (!account.totp_enabled) {
        throw staffError(
          400,
          'second_factor_off',
          'turn the second factor on first: recovery codes stand in for its codes',
        );
      }
      return { recovery_codes: await replaceRecoveryCodes(app.db, staff.id) };
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
      if (!link) throw linkInvalid();
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
      const used = await useLink(app.db, token, request.body, passwordHashFor);
      if ('refused' in used) throw linkRefusal[used.refused]();
      const { staffId } = used;
      const account = await staffById(app.db, staffId);
      if (!account || account.disabled_at)
        throw staffError(403, 'account_disabled', 'this account is disabled');
      await startSession(app.db, request, reply, staffId);
      const settings = await readSettings(app.db);
      return me(account, settings.totp_required_for_admins);
    },
  );
};
