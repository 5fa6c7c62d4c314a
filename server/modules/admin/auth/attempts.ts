import net from 'node:net';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type BackoffPolicy, createBackoff } from '../../../lib/backoff.js';
import type { HttpError } from '../../../lib/errors.js';
import { maskEmail } from '../../../lib/mask.js';
import { staffError } from '../errors.js';
import { attackMail } from './mail-texts.js';
import { sha256 } from './sessions.js';

// Failed sign-ins slow the guesser down instead of locking the account: failures are counted per
// client address and per account (the address typed, whether it has an account or not, so that
// the answers do not tell), and past a free allowance every further failure doubles the wait
// before the next attempt (a 429 with Retry-After). The wait is forgotten an hour after the last
// failure. A browser the account signed in from before (the device cookie, devices.ts) is exempt
// from both counts, and so is a sign-in with the second factor from the account's count: a guesser
// elsewhere can slow down their own attempts, never the owner's.

export const signInBackoff = {
  /** A client address (an IPv6 /64): an office behind one address mistypes more than one person. */
  address: { free: 10, baseMs: 1_000, maxMs: 15 * 60_000, forgetAfterMs: 60 * 60_000 },
  /** An account, from any address but its trusted browsers. */
  account: { free: 5, baseMs: 1_000, maxMs: 15 * 60_000, forgetAfterMs: 60 * 60_000 },
} satisfies Record<string, BackoffPolicy>;

/** An IPv4 address as it is; an IPv6 address as its /64 (one subscriber has a whole /64). */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped) return mapped;
  if (!net.isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** An account's key: a hash of the address typed, so the store never holds what strangers typed. */
export const accountKey = (email: string) => sha256(email.trim().toLowerCase());

/** The 429 of a sign-in that must wait: Retry-After, and a stable code the back office words. */
export function throttled(reply: FastifyReply, which: 'address' | 'account', waitMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  reply.server.metrics.signInThrottled.inc({ which });
  void reply.header('retry-after', String(seconds));
  const message =
    which === 'address'
      ? `too many failed sign-ins from this network address: try again in ${seconds} s`
      : `too many failed sign-ins to this account: try again in ${seconds} s, or sign in now with the code of its second factor or a recovery code`;
  return staffError(429, `sign_in_throttled_${which}`, message, { retry_after: seconds });
}

export interface SignInAttempts {
  /** How long the client address and the account typed must still wait (ms; 0: may try now). */
  waits(ip: string, email: string): Promise<{ address: number; account: number }>;
  /**
   * Counts a failure of a browser that is not trusted for the account; the account's owner (if
   * the address has one) is mailed when its failures first cost a wait. Returns the account's wait.
   */
  failed(ip: string, email: string, owner: string | null): Promise<number>;
  /** A sign-in that was not slowed down succeeded: the account's count starts again. */
  succeeded(email: string): Promise<void>;
}

export function signInAttempts(app: FastifyInstance): SignInAttempts {
  const byAddress = createBackoff(app, 'sign-in-address', signInBackoff.address);
  const byAccount = createBackoff(app, 'sign-in-account', signInBackoff.account);
  return {
    async waits(ip, email) {
      const [address, account] = await Promise.all([
        byAddress.wait(addressKey(ip)),
        byAccount.wait(accountKey(email)),
      ]);
      return { address, account };
    },
    async failed(ip, email, owner) {
      app.metrics.signInFailures.inc();
      const [, account] = await Promise.all([
        byAddress.fail(addressKey(ip)),
        byAccount.fail(accountKey(email)),
      ]);
      // The failure that starts the wait is counted once, by one process: one mail per burst.
      if (owner && account.failures === signInBackoff.account.free) {
        app.log.warn(`sign-in: ${account.failures} failures in a row for ${maskEmail(owner)}, owner mailed`);
        await app.mail.enqueue(
          app.db,
          'staff-sign-in-attack',
          attackMail(owner, app.config.publicUrl, account.failures, ip),
        );
        app.mail.kick();
      }
      return account.waitMs;
    },
    succeeded: (email) => byAccount.clear(accountKey(email)),
  };
}
