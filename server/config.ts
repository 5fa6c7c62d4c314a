import path from 'node:path';

/** Every setting the server reads from the environment, validated once at start. */
export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Folder for the embedded database, generated media and anything written at run time. */
  dataDir: string;
  /** `postgres://...` for a PostgreSQL server; unset means the embedded PGlite database in `dataDir`. */
  databaseUrl: string | undefined;
  /** Load the demo content into an empty database on start. */
  seedOnStart: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Absolute origin of the public site, used for canonical links and absolute URLs. */
  publicUrl: string;
  /** Whether the newsletter subscription is offered (GET /api/auth/subscribe/toggle/). */
  subscriptionEnabled: boolean;
  /** The tourist-information badge widget's external script, loaded asynchronously in the footer ('' for none). */
  badgeScriptUrl: string;
}

export class ConfigError extends Error {}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function bool(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new ConfigError(`${name} must be true or false, got "${value}"`);
}

function int(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${value}"`);
  }
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const nodeEnv = env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'development';
  const logLevel = (env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info')) as Config['logLevel'];
  if (!logLevels.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${logLevels.join(', ')}, got "${logLevel}"`);
  }
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const port = int('PORT', env.PORT, 3000, 0, 65535);
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicUrl);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute URL, got "${publicUrl}"`);
  }
  return {
    env: nodeEnv,
    host: env.HOST || '127.0.0.1',
    port,
    dataDir: path.resolve(env.DATA_DIR || 'data'),
    databaseUrl,
    seedOnStart: bool('SEED_ON_START', env.SEED_ON_START, true),
    logLevel,
    publicUrl,
    subscriptionEnabled: bool('SUBSCRIPTION_ENABLED', env.SUBSCRIPTION_ENABLED, true),
    badgeScriptUrl: env.BADGE_SCRIPT_URL ?? '/widgets/tic-badge.js',
    ...overrides,
  };
}
