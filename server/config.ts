import os from 'node:os';
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
  /** `postgres://...` of a read replica of DATABASE_URL: the content is read from it, writes go to the primary. */
  databaseReadUrl: string | undefined;
  /**
   * PostgreSQL: the longest to wait for a connection (to open one, or for a free one of the pool),
   * in ms. A database that does not answer in time makes the request a 503, and the start fail.
   */
  databaseConnectTimeoutMs: number;
  /** PostgreSQL: the longest to wait for the answer to one query, in ms (migrations have none). */
  databaseQueryTimeoutMs: number;
  /**
   * PostgreSQL: the longest a request waits for the database in all (its connection and its
   * queries), in ms; then it answers 503. The limits above still apply to each wait; background
   * jobs, exports and the start have only those (server/db/request-wait.ts).
   */
  databaseRequestTimeoutMs: number;
  /** Load the demo content into an empty database on start. */
  seedOnStart: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Absolute origin of the public site, used for canonical links and absolute URLs. */
  publicUrl: string;
  /** Whether the newsletter subscription is offered (GET /api/auth/subscribe/toggle/). */
  subscriptionEnabled: boolean;
  /**
   * OpenStreetMap's Overpass API, where the back office looks for facts of places (decision 047);
   * the admins' setting `overpass_url` overrides it.
   */
  overpassUrl: string;
  /** The longest to wait for the Overpass API's answer, in ms. */
  overpassTimeoutMs: number;
  /** The tourist-information badge widget's external script, loaded asynchronously in the footer ('' for none). */
  badgeScriptUrl: string;
  /** `smtp://user:pass@host:587` or `smtps://...`: send mail through it; unset writes .eml files to `dataDir/outbox`. */
  smtpUrl: string | undefined;
  /** The From address of every mail the portal sends. */
  mailFrom: string;
  /** Staff address that receives every new feedback message (unset: stored only). */
  feedbackTo: string | undefined;
  /**
   * The Reply-To of the staff's replies to feedback, where the visitor's answer goes (the From is
   * `mailFrom`, which nobody reads); unset: `feedbackTo`, else the replying member of staff's own address.
   */
  mailReplyTo: string | undefined;
  /**
   * `redis://...`: share the rate limits of the visitor forms and the staff sign-in's back-off
   * between portal processes.
   */
  redisUrl: string | undefined;
  /**
   * The 32-byte key that seals what the database must not hold in the clear (the staff's second
   * factor secrets); unset: a key kept in `dataDir/secret-key` (the embedded database only, or not
   * in production). server/lib/secret-box.ts.
   */
  secretKey: Buffer | undefined;
  /** Keys used before `secretKey`: they still open what they sealed, until the start seals it anew. */
  secretKeysPrevious: Buffer[];
  /** Behind a reverse proxy: trust its X-Forwarded-For/-Proto (true, a hop count, or addresses/CIDRs). */
  trustProxy: boolean | number | string;
  /** Feedback messages per visitor address per minute. */
  feedbackRateLimit: number;
  /** Subscriptions per visitor address per hour. */
  subscribeRateLimit: number;
  /** Map tiles: a URL template with {z}, {x}, {y} (and optionally {s}, {r}); '' shows no tiles. */
  mapTileUrl: string;
  /** The attribution the tile provider requires (HTML). */
  mapTileAttribution: string;
  /** The longest the in-process response cache keeps an answer (content API, pages); 0: off. */
  responseCacheSeconds: number;
  /** Memory of the in-process response cache, in megabytes. */
  responseCacheMegabytes: number;
  /** Pictures rendered at once (each takes a core and one of libuv's threads while it runs). */
  mediaRenderConcurrency: number;
  /** libavif's effort for the AVIF renditions: CPU time against size. */
  mediaAvifEffort: number;
  /** Render every picture of the content ahead, in the background, after the start. */
  mediaPrerender: boolean;
  /**
   * Server processes on this machine sharing the port (node:cluster); 1: the process itself serves.
   * More than one needs PostgreSQL: PGlite's data directory is opened by one process.
   */
  workers: number;
  /**
   * The port of the metrics (Prometheus text at /metrics), apart from the site's: the proxy in
   * front never passes it on (0: no metrics served). In a cluster the primary serves them for all
   * its workers.
   */
  metricsPort: number;
  /** The address the metrics port listens on (loopback unless a scraper elsewhere reads it). */
  metricsHost: string;
  /** A bearer token a scrape must send (`Authorization: Bearer ...`); required off loopback. */
  metricsToken: string | undefined;
}

export class ConfigError extends Error {}

/**
 * A 32-byte key written as base64 (44 characters, `openssl rand -base64 32`) or hex (64); a value
 * of any other length is refused, whatever it is, so that a truncated copy cannot pass.
 */
function key32(name: string, value: string): Buffer {
  const text = value.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(text)
    ? Buffer.from(text, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(text)
      ? Buffer.from(text, 'base64')
      : null;
  if (bytes?.length !== 32) {
    throw new ConfigError(
      `${name} must be 32 random bytes in base64 (44 characters, e.g. from "openssl rand -base64 32") or hex (64 characters)`,
    );
  }
  return bytes;
}

function secretKeys(
  env: NodeJS.ProcessEnv,
  nodeEnv: Config['env'],
  databaseUrl: string | undefined,
): Pick<Config, 'secretKey' | 'secretKeysPrevious'> {
  const secretKey = env.SECRET_KEY ? key32('SECRET_KEY', env.SECRET_KEY) : undefined;
  const previous = (env.SECRET_KEY_PREVIOUS ?? '')
    .split(',')
    .filter((k) => k.trim())
    .map((k) => key32('SECRET_KEY_PREVIOUS', k));
  // Several servers share one PostgreSQL: a key generated on one machine's disk would be unknown
  // to the others, and what it sealed unreadable there. Only the operator can give them one key.
  if (!secretKey && databaseUrl && nodeEnv === 'production') {
    throw new ConfigError(
      'SECRET_KEY is required with DATABASE_URL in production (every server needs the same key): ' +
        'make one with "openssl rand -base64 32"',
    );
  }
  if (previous.length && !secretKey) {
    throw new ConfigError('SECRET_KEY_PREVIOUS needs SECRET_KEY: the key that replaces them');
  }
  return { secretKey, secretKeysPrevious: previous };
}

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

const emailSyntax = /^[^\s@<>()[\],;:"\\]+@[^\s@<>()[\],;:"\\]+\.[^\s@<>()[\],;:"\\]+$/;

function email(name: string, value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  // `Name <address>` or a bare address
  const address = /<([^<>]+)>\s*$/.exec(value)?.[1] ?? value;
  if (!emailSyntax.test(address.trim()))
    throw new ConfigError(`${name} must be an email address, got "${value}"`);
  return value;
}

function url(name: string, value: string | undefined, schemes: string[]): string | undefined {
  if (value === undefined || value === '') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be a URL (${schemes.join(', ')}), got an unparsable value`);
  }
  if (!schemes.includes(parsed.protocol.replace(/:$/, ''))) {
    throw new ConfigError(`${name} must start with ${schemes.map((s) => `${s}://`).join(' or ')}`);
  }
  return value;
}

export const defaultOverpassUrl = 'https://overpass-api.de/api/interpreter';
export const defaultTileUrl = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const defaultTileAttribution =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

function tileUrl(value: string | undefined): string {
  if (value === undefined) return defaultTileUrl;
  if (value === '' || value === 'none') return '';
  const ok = /^(https?:\/\/|\/)\S+$/.test(value) && ['{z}', '{x}', '{y}'].every((p) => value.includes(p));
  if (!ok) {
    throw new ConfigError(
      `MAP_TILE_URL must be an http(s) or /path URL template with {z}, {x} and {y}, or empty, got "${value}"`,
    );
  }
  return value;
}

function workers(value: string | undefined, databaseUrl: string | undefined): number {
  const n = value === 'auto' ? os.availableParallelism() : int('WORKERS', value, 1, 1, 64);
  if (n > 1 && !databaseUrl) {
    throw new ConfigError(
      'WORKERS above 1 needs DATABASE_URL (PostgreSQL): the embedded database is opened by one process',
    );
  }
  return n;
}

/** METRICS_HOST and METRICS_TOKEN: metrics reachable from other machines only with a token. */
function metrics(env: NodeJS.ProcessEnv): Pick<Config, 'metricsPort' | 'metricsHost' | 'metricsToken'> {
  const metricsPort = int('METRICS_PORT', env.METRICS_PORT, 0, 0, 65_535);
  const metricsHost = env.METRICS_HOST || '127.0.0.1';
  const metricsToken = env.METRICS_TOKEN || undefined;
  if (metricsToken && (metricsToken.length < 16 || /\s/.test(metricsToken))) {
    throw new ConfigError('METRICS_TOKEN must be at least 16 characters without spaces');
  }
  const loopback = ['127.0.0.1', '::1', 'localhost'].includes(metricsHost);
  if (metricsPort && !loopback && !metricsToken) {
    throw new ConfigError(
      `METRICS_HOST ${metricsHost} is reachable from other machines: set METRICS_TOKEN, which a scrape must send`,
    );
  }
  return { metricsPort, metricsHost, metricsToken };
}

function trustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === '') return false;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (/^[0-9a-f.:/,\s]+$/i.test(value)) return value;
  throw new ConfigError(
    `TRUST_PROXY must be true, false, a hop count or proxy addresses (comma-separated IPs/CIDRs), got "${value}"`,
  );
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
  const databaseReadUrl = env.DATABASE_READ_URL || undefined;
  if (databaseReadUrl && !/^postgres(ql)?:\/\//.test(databaseReadUrl)) {
    throw new ConfigError('DATABASE_READ_URL must start with postgres:// or postgresql://');
  }
  if (databaseReadUrl && !databaseUrl) {
    throw new ConfigError(
      'DATABASE_READ_URL needs DATABASE_URL: it is a read replica of that PostgreSQL database',
    );
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
    databaseReadUrl,
    databaseConnectTimeoutMs: int(
      'DATABASE_CONNECT_TIMEOUT_MS',
      env.DATABASE_CONNECT_TIMEOUT_MS,
      3000,
      100,
      600_000,
    ),
    databaseQueryTimeoutMs: int(
      'DATABASE_QUERY_TIMEOUT_MS',
      env.DATABASE_QUERY_TIMEOUT_MS,
      5000,
      100,
      3_600_000,
    ),
    databaseRequestTimeoutMs: int(
      'DATABASE_REQUEST_TIMEOUT_MS',
      env.DATABASE_REQUEST_TIMEOUT_MS,
      1500,
      100,
      3_600_000,
    ),
    seedOnStart: bool('SEED_ON_START', env.SEED_ON_START, true),
    logLevel,
    publicUrl,
    subscriptionEnabled: bool('SUBSCRIPTION_ENABLED', env.SUBSCRIPTION_ENABLED, true),
    badgeScriptUrl: env.BADGE_SCRIPT_URL ?? '/widgets/tic-badge.js',
    overpassUrl: url('OVERPASS_URL', env.OVERPASS_URL, ['http', 'https']) ?? defaultOverpassUrl,
    overpassTimeoutMs: int('OVERPASS_TIMEOUT_MS', env.OVERPASS_TIMEOUT_MS, 60_000, 1000, 600_000),
    smtpUrl: url('SMTP_URL', env.SMTP_URL, ['smtp', 'smtps']),
    mailFrom:
      email('MAIL_FROM', env.MAIL_FROM) ?? `Туристический портал <noreply@${new URL(publicUrl).hostname}>`,
    feedbackTo: email('FEEDBACK_TO', env.FEEDBACK_TO),
    mailReplyTo: email('MAIL_REPLY_TO', env.MAIL_REPLY_TO),
    redisUrl: url('REDIS_URL', env.REDIS_URL, ['redis', 'rediss']),
    ...secretKeys(env, nodeEnv, databaseUrl),
    trustProxy: trustProxy(env.TRUST_PROXY),
    feedbackRateLimit: int('FEEDBACK_RATE_LIMIT', env.FEEDBACK_RATE_LIMIT, 5, 1, 100_000),
    subscribeRateLimit: int('SUBSCRIBE_RATE_LIMIT', env.SUBSCRIBE_RATE_LIMIT, 10, 1, 100_000),
    mapTileUrl: tileUrl(env.MAP_TILE_URL),
    mapTileAttribution:
      env.MAP_TILE_ATTRIBUTION ??
      (/openstreetmap\.org\//.test(tileUrl(env.MAP_TILE_URL)) ? defaultTileAttribution : ''),
    responseCacheSeconds: int(
      'RESPONSE_CACHE_SECONDS',
      env.RESPONSE_CACHE_SECONDS,
      nodeEnv === 'production' ? 30 : 0,
      0,
      3600,
    ),
    responseCacheMegabytes: int('RESPONSE_CACHE_MB', env.RESPONSE_CACHE_MB, 128, 1, 16_384),
    mediaRenderConcurrency: int('MEDIA_RENDER_CONCURRENCY', env.MEDIA_RENDER_CONCURRENCY, 1, 1, 16),
    mediaAvifEffort: int('MEDIA_AVIF_EFFORT', env.MEDIA_AVIF_EFFORT, 3, 0, 9),
    mediaPrerender: bool('MEDIA_PRERENDER', env.MEDIA_PRERENDER, nodeEnv === 'production'),
    workers: workers(env.WORKERS, databaseUrl),
    ...metrics(env),
    ...overrides,
  };
}
