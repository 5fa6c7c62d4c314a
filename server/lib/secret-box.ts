import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';

// What the database must not hold in the clear (the staff's second-factor secrets) is sealed with
// AES-256-GCM under a key the database does not have: a dump or a backup of it alone opens nothing.
//
// A sealed value is `v1.<key id>.<iv>.<ciphertext>.<tag>` (base64url): the key id says which key
// sealed it, so that after a rotation the previous keys still open what they sealed until the
// start seals it anew with the current one. The caller names what the value is for (`context`,
// e.g. the account it belongs to); it is authenticated with the value, so a sealed value copied
// to another row or column does not open there.

const version = 'v1';
const algorithm = 'aes-256-gcm';
const ivBytes = 12;
/** The file that keeps a generated key when SECRET_KEY is unset (owner-only permissions). */
export const keyFileName = 'secret-key';

/** Refused to open: no key of this id, or the value or its context was altered. */
export class SecretKeyError extends Error {}

export interface KeyRing {
  /** The id of the key that seals. */
  readonly currentId: string;
  seal(plain: string, context: string): string;
  /** The plain text; throws SecretKeyError when no key opens it. */
  open(sealed: string, context: string): string;
  /** The id of the key a sealed value names, or null when the value is not sealed (in the clear). */
  keyIdOf(value: string): string | null;
}

/** A key's id: 8 hex digits of a hash of it (it tells nothing about the key). */
export const keyId = (key: Buffer) =>
  crypto.createHash('sha256').update('portal key id:').update(key).digest('hex').slice(0, 8);

export function keyRing(current: Buffer, previous: Buffer[] = []): KeyRing {
  const keys = new Map<string, Buffer>();
  for (const key of [current, ...previous]) keys.set(keyId(key), key);
  const currentId = keyId(current);
  return {
    currentId,
    seal(plain, context) {
      const iv = crypto.randomBytes(ivBytes);
      const cipher = crypto.createCipheriv(algorithm, current, iv);
      cipher.setAAD(Buffer.from(context));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, data, cipher.getAuthTag()].map((b) => b.toString('base64url'));
      return [version, currentId, ...parts].join('.');
    },
    open(sealed, context) {
      const [v, id, iv, data, tag] = sealed.split('.');
      if (v !== version || !id || !iv || data === undefined || !tag) {
        throw new SecretKeyError('the value is not sealed');
      }
      const key = keys.get(id);
      if (!key) {
        throw new SecretKeyError(
          `it was sealed with key ${id}, which is neither SECRET_KEY (${currentId}) nor in SECRET_KEY_PREVIOUS`,
        );
      }
      try {
        const decipher = crypto.createDecipheriv(algorithm, key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new SecretKeyError(`key ${id} does not open it: the value was altered or belongs elsewhere`);
      }
    },
    keyIdOf(value) {
      const [v, id] = value.split('.');
      return v === version && id ? id : null;
    },
  };
}

/**
 * The key ring of the configuration: SECRET_KEY (and SECRET_KEY_PREVIOUS), or else a key generated
 * once and kept in `DATA_DIR/secret-key`, readable by the owner only, with a warning: fine for the
 * demo and one machine with the embedded database (the configuration refuses it for PostgreSQL in
 * production), but a copy of DATA_DIR then holds the key beside the database.
 */
export async function loadKeyRing(
  config: Pick<Config, 'secretKey' | 'secretKeysPrevious' | 'dataDir'>,
  warn: (message: string) => void,
): Promise<KeyRing> {
  if (config.secretKey) return keyRing(config.secretKey, config.secretKeysPrevious);
  const file = path.join(config.dataDir, keyFileName);
  let key: Buffer;
  try {
    key = Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
    const mode = (await fs.stat(file)).mode & 0o077;
    if (mode && process.platform !== 'win32') {
      warn(`${file} can be read by other users of this machine: chmod 600 it`);
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    key = crypto.randomBytes(32);
    await fs.mkdir(config.dataDir, { recursive: true });
    // 'wx': a key another process wrote a moment ago is never overwritten (it is read instead).
    await fs
      .writeFile(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' })
      .catch(async (e: NodeJS.ErrnoException) => {
        if (e.code !== 'EEXIST') throw e;
        key = Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'base64');
      });
  }
  warn(
    `SECRET_KEY is not set: the second factors are sealed with the key kept in ${file}. ` +
      'Set SECRET_KEY (and keep it out of the backups of the database) for production.',
  );
  return keyRing(key);
}
