import { hash, verify } from '@node-rs/argon2';
import { maxPasswordLength, minPasswordLength } from '../../../../common/admin-api.js';
import { staffError } from '../errors.js';

// Passwords are hashed with argon2id at the parameters OWASP recommends for it (19 MiB, two
// passes, one lane): about 20–40 ms of one core here, slow for a guesser, bearable at sign-in.
const argon2id = 2; // @node-rs/argon2's Algorithm.Argon2id (a const enum: not importable as a value)
const options = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

/** Whether the password matches the stored hash; a malformed hash matches nothing. */
export async function passwordMatches(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/**
 * Spends the time of one verification on nothing: a sign-in with an unknown address takes as long
 * as one with a wrong password, so the answer's time does not tell which addresses have accounts.
 */
export async function verifyNothing(password: string): Promise<void> {
  dummy ??= hashPassword('no account has this password: it only takes time');
  await passwordMatches(await dummy, password);
}

let common: Promise<Set<string>> | undefined;
/** The commonest passwords (zxcvbn's list), loaded when first needed. */
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    (m) => new Set(m.dictionary['passwords-common'].map((p) => p.toLowerCase())),
  );
  return common;
}

/**
 * Refuses with a 400 a password that is too short or too long, one of the commonest passwords, or
 * the account's own address; says which rule it breaks.
 */
export async function checkNewPassword(password: string, email: string): Promise<void> {
  if ([...password].length < minPasswordLength) {
    throw staffError(
      400,
      'password_too_short',
      `the password must have at least ${minPasswordLength} characters`,
      {
        field: 'password',
        params: { min: minPasswordLength },
      },
    );
  }
  if (password.length > maxPasswordLength) {
    throw staffError(
      400,
      'password_too_long',
      `the password must have at most ${maxPasswordLength} characters`,
      {
        field: 'password',
        params: { max: maxPasswordLength },
      },
    );
  }
  const lower = password.toLowerCase();
  const local = email.toLowerCase().split('@')[0] ?? '';
  if (lower === email.toLowerCase() || (local.length >= 4 && lower.includes(local))) {
    throw staffError(400, 'password_has_email', 'the password must not contain the account’s email address', {
      field: 'password',
    });
  }
  const list = await commonPasswords();
  if (list.has(lower) || /^(.)\1+$/.test(password) || list.has(lower.replace(/\d+$/, ''))) {
    throw staffError(400, 'password_common', 'this password is among the most common ones: choose another', {
      field: 'password',
    });
  }
}
