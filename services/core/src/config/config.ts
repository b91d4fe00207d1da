import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { LOG_FORMATS, LOG_LEVELS } from '../logging/logger';
import { OWASP_ARGON2ID } from '../users/password';
import { s3SettingsFromEnv, type S3Settings } from '../backup/s3-backup-store';

const list = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

/** One of `words`, in any case; empty means unset. */
const lowercaseWord = <W extends readonly [string, ...string[]]>(words: W) =>
  z.preprocess((value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value), z.enum(words).optional());

/**
 * What every Postgres session runs under, kept on the database (ALTER DATABASE) by each migrate run (migrate.ts), so it
 * holds behind a transaction-mode pooler too.
 */
const databaseSettingsSchema = z.object({
  /** A statement running longer is cancelled (the API answers 503); batch work asks for longer (WORKER_STATEMENT_TIMEOUT_MS). */
  POSTGRES_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  /** A transaction idle this long ends, freeing its locks and its connection. */
  POSTGRES_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
});

export interface DatabaseSettings {
  statementTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
}

/** The database settings alone (the migrate CLI needs no other setting). */
export function databaseSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseSettings {
  const result = databaseSettingsSchema.safeParse(env);
  if (!result.success)
    throw new Error(`Invalid configuration: ${result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  return {
    statementTimeoutMs: result.data.POSTGRES_STATEMENT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: result.data.POSTGRES_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  };
}

const DEV_SESSION_SECRET = 'dev-only-session-secret-change-me';

/**
 * An origin as browsers send it in `Origin`: http or https, a host and maybe a port, nothing else. A trailing slash
 * is dropped (`https://zaytoon.example/` names the same origin); a path, query, fragment or credentials are refused.
 */
const toOrigin = (name: string) => (value: string, context: z.RefinementCtx) => {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    context.addIssue({ code: 'custom', message: `${name} must be an origin such as https://zaytoon.example, not "${value}"` });
    return z.NEVER;
  }
  const extra = url.pathname !== '/' || url.search || url.hash || url.username || url.password || /[?#]/.test(value);
  if (!['http:', 'https:'].includes(url.protocol) || extra) {
    context.addIssue({
      code: 'custom',
      message: `${name} must be an http(s) origin alone (scheme, host and port, no path, query or fragment), such as https://zaytoon.example, not "${value}"`,
    });
    return z.NEVER;
  }
  return url.origin;
};

/** The settings that hold secrets: each may instead be read from the file `<NAME>_FILE` names (Docker and Kubernetes secrets). */
export const SECRET_SETTINGS = ['DATABASE_URL', 'REDIS_URL', 'SESSION_SECRET', 'JOB_DATA_KEY', 'METRICS_TOKEN', 'SMTP_PASS'] as const;

/**
 * `env` with each secret setting (`names`, SECRET_SETTINGS unless given) named by `<NAME>_FILE` read from that file
 * (its final line break dropped). Both the
 * setting and its file, or a file that cannot be read, stop the process with the setting's name.
 */
export function withSecretFiles(env: NodeJS.ProcessEnv, names: readonly string[] = SECRET_SETTINGS): NodeJS.ProcessEnv {
  const resolved = { ...env };
  for (const name of names) {
    const file = env[`${name}_FILE`];
    if (!file) continue;
    if (env[name]) throw new Error(`Invalid configuration: ${name} and ${name}_FILE are both set; set one`);
    try {
      resolved[name] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      throw new Error(
        `Invalid configuration: ${name}_FILE=${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      );
    }
  }
  return resolved;
}

const configSchema = databaseSettingsSchema.extend({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PRODUCT_NAME: z.string().default('Zaytoon'),
  /** Read by the logger itself (processLogger) before any config exists; checked here so a typo stops the boot. */
  LOG_LEVEL: lowercaseWord(LOG_LEVELS),
  LOG_FORMAT: lowercaseWord(LOG_FORMATS),
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required'),
  REDIS_URL: z.string().min(1, 'REDIS_URL is required'),
  /** A Redis command without a reply by then fails, so a frozen Redis makes requests answer 503 instead of hang. */
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().positive().default(1_000),
  /**
   * In production the API and worker refuse a Redis that may evict or forget data (maxmemory-policy other than
   * noeviction, appendonly off). `off` skips the check, for hosted Redis that hides CONFIG and is known to be safe.
   */
  REDIS_SETTINGS_CHECK: z.enum(['on', 'off']).default('on'),
  /** Waiting longer for a Postgres connection than this answers 503 instead. */
  POSTGRES_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(2_000),
  /** Connections of the API's pool for everything but searches. */
  POSTGRES_POOL_SIZE: z.coerce.number().int().min(1).default(10),
  /**
   * Connections of the API's own pool for directory searches (page, count, summary, map of a search): however many
   * searches arrive, they queue there and leave the main pool to other requests.
   */
  POSTGRES_SEARCH_POOL_SIZE: z.coerce.number().int().min(1).default(3),
  /** The worker's statement timeout (0: none): its batch jobs read whole tables. Sent as a startup option. */
  WORKER_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(120_000),
  API_PORT: z.coerce.number().int().default(3000),
  /** Address the API binds; containers set 0.0.0.0 (server.Dockerfile, k8s config). */
  API_HOST: z.string().default('127.0.0.1'),
  /** Comma-separated: the first signs new session cookies, every one verifies (rotation: put the new one first). */
  SESSION_SECRET: list
    .transform((secrets) => (secrets.length ? secrets : [DEV_SESSION_SECRET]))
    .refine((secrets) => secrets.every((secret) => secret.length >= 16), 'SESSION_SECRET must be at least 16 characters (each of its list)'),
  /** A session ends this long after its login even if it is used every day (the idle limit is 14 days, rolling). */
  SESSION_ABSOLUTE_LIFETIME_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 24 * 60 * 60),
  PUBLIC_ORIGIN: z.string().default('http://localhost:8080').transform(toOrigin('PUBLIC_ORIGIN')),
  UPLOAD_DIR: z.string().default('.data/uploads'),
  /** Set: uploads go to this S3-compatible bucket instead of UPLOAD_DIR; these and the AWS keys are checked by s3SettingsFromEnv. */
  STORAGE_S3_BUCKET: z.string().optional(),
  STORAGE_S3_PREFIX: z.string().optional(),
  STORAGE_S3_ENDPOINT: z.string().optional(),
  STORAGE_S3_REGION: z.string().optional(),
  STORAGE_S3_FORCE_PATH_STYLE: z.string().optional(),
  SMTP_HOST: z.string().default('localhost'),
  SMTP_PORT: z.coerce.number().int().default(1025),
  SMTP_SECURE: z.stringbool().default(false),
  /** STARTTLS required before anything is sent; unset: on in production, off elsewhere (the dev catcher speaks plain SMTP). */
  SMTP_REQUIRE_TLS: z.preprocess((value) => (value === '' ? undefined : value), z.stringbool().optional()),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  MAIL_FROM: z.string().default('Zaytoon <no-reply@zaytoon.local>'),
  RATE_LIMIT_ALLOWLIST: list,
  /** Proxies whose X-Forwarded-For is believed (addresses, CIDRs, or loopback / linklocal / uniquelocal). */
  TRUST_PROXY: list.transform((proxies) => (proxies.length ? proxies : ['loopback'])),
  RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().default(30),
  RATE_LIMIT_LOGIN_PER_ACCOUNT: z.coerce.number().int().default(10),
  /** Failed logins per account from all networks before networks that failed on it are refused. */
  RATE_LIMIT_LOGIN_ACCOUNT_CEILING: z.coerce.number().int().default(100),
  RATE_LIMIT_SIGNUP_PER_IP: z.coerce.number().int().default(20),
  RATE_LIMIT_RESET_PER_IP: z.coerce.number().int().default(20),
  RATE_LIMIT_RESET_PER_ACCOUNT: z.coerce.number().int().default(10),
  RATE_LIMIT_WRITES_PER_USER: z.coerce.number().int().default(120),
  /** Owner claims ('I own this business') per member in a window, besides the writes limit. */
  RATE_LIMIT_CLAIMS_PER_USER: z.coerce.number().int().default(10),
  /** Photo uploads per member in a day (24 hours), besides the writes limit. */
  RATE_LIMIT_PHOTOS_PER_USER_PER_DAY: z.coerce.number().int().min(1).default(20),
  /** Photos one member may add to one business (deleting one frees its place; one an admin removed keeps it). */
  PHOTOS_PER_MEMBER_PER_BUSINESS: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_DUPLICATE_CHECKS_PER_USER: z.coerce.number().int().default(300),
  /** change-password and delete-account calls (each runs scrypt) per user and per network in a window. */
  RATE_LIMIT_ACCOUNT_CHANGES_PER_USER: z.coerce.number().int().default(5),
  RATE_LIMIT_ACCOUNT_CHANGES_PER_IP: z.coerce.number().int().default(5),
  /** 'Resend' of the email confirmation link per account in a window (each is a mail); per network it is RATE_LIMIT_RESET_PER_IP. */
  RATE_LIMIT_CONFIRMATION_MAILS_PER_ACCOUNT: z.coerce.number().int().default(3),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().default(900),
  /** Every admin write (reviews, deletions, claim decisions, dismissals, verifications, merges, reverts) per admin in a window. */
  RATE_LIMIT_ADMIN_WRITES_PER_ADMIN: z.coerce.number().int().default(600),
  /** Merges and reverts per admin in a window, besides the admin writes limit: each rewrites a business and moves or undoes its rows. */
  RATE_LIMIT_ADMIN_MERGES_PER_ADMIN: z.coerce.number().int().default(60),
  /**
   * Protection from bursts: a business is paused when this many different accounts younger than
   * BURST_ACCOUNT_AGE_DAYS vote it down, report it or answer 'Closed' or 'No longer supportive' within the window.
   */
  BURST_WINDOW_MINUTES: z.coerce.number().int().min(1).default(60),
  BURST_ACCOUNTS: z.coerce.number().int().min(2).default(5),
  BURST_ACCOUNT_AGE_DAYS: z.coerce.number().int().min(1).default(7),
  /** Prometheus scrapes /metrics with `Authorization: Bearer <token>`; in production without one, /metrics is off. */
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((token) => token || undefined)
    .refine((token) => token === undefined || token.length >= 16, 'METRICS_TOKEN must be at least 16 characters'),
  /** Key for job data sealed at rest (reset codes, TOTP secrets); required in production; elsewhere, unset, derived from SESSION_SECRET. */
  JOB_DATA_KEY: z
    .string()
    .optional()
    .transform((key) => key || undefined)
    .refine((key) => key === undefined || key.length >= 32, 'JOB_DATA_KEY must be at least 32 characters'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).default(4),
  GEOCODER_URL: z.string().optional(),
  /** Tests only: link checks may reach loopback and private addresses (a test's own HTTP server). Production refuses it. */
  LINK_CHECK_ALLOW_PRIVATE: z.preprocess((value) => (value === '' ? undefined : value), z.stringbool().default(false)),
  /** Argon2id's cost for new password hashes (OWASP's 19 MiB, 2 passes, 1 lane); tests lower it. */
  PASSWORD_ARGON2_MEMORY_KIB: z.coerce.number().int().min(8).default(OWASP_ARGON2ID.memoryKib),
  PASSWORD_ARGON2_ITERATIONS: z.coerce.number().int().min(1).default(OWASP_ARGON2ID.iterations),
  PASSWORD_ARGON2_PARALLELISM: z.coerce.number().int().min(1).max(255).default(OWASP_ARGON2ID.parallelism),
  /**
   * An admin without a second factor (TOTP) may only set one up. Unset: on in production, off
   * elsewhere (the dev admin and the tests sign in with a password alone).
   */
  ADMIN_SECOND_FACTOR_REQUIRED: z.preprocess((value) => (value === '' ? undefined : value), z.stringbool().optional()),
  /** Sign-ins with a TOTP or recovery code, and the calls that turn TOTP on or off, per account and per network in a window. */
  RATE_LIMIT_SECOND_FACTOR_PER_ACCOUNT: z.coerce.number().int().default(10),
  RATE_LIMIT_SECOND_FACTOR_PER_IP: z.coerce.number().int().default(30),
});

type ParsedConfig = z.infer<typeof configSchema>;

/** SESSION_SECRET is the one that signs (the list's first); SESSION_SECRETS all of them, which verify. */
export type Config = Omit<ParsedConfig, 'SESSION_SECRET'> & { SESSION_SECRET: string; SESSION_SECRETS: string[] } & {
  /** The bucket uploads are stored in, from STORAGE_S3_* and the AWS credentials; unset: the folder UPLOAD_DIR. */
  STORAGE_S3?: S3Settings;
};

/** Production secrets sign every session cookie: 32 random characters at least (`openssl rand -base64 48` gives 64). */
const PRODUCTION_SECRET_LENGTH = 32;

/** OWASP's argon2id options run from m=47104 KiB t=1 to m=7168 KiB t=5: each has memory × passes of at least 35,840 KiB. */
const meetsOwaspArgon2id = (config: { PASSWORD_ARGON2_MEMORY_KIB: number; PASSWORD_ARGON2_ITERATIONS: number }) =>
  config.PASSWORD_ARGON2_MEMORY_KIB >= 7_168 && config.PASSWORD_ARGON2_MEMORY_KIB * config.PASSWORD_ARGON2_ITERATIONS >= 35_840;

/** Whether an admin must have a second factor before anything but setting one up (on in production unless switched off). */
export const adminSecondFactorRequired = (config: Config): boolean => config.ADMIN_SECOND_FACTOR_REQUIRED ?? config.NODE_ENV === 'production';

/** Reads every setting from the environment once (or the files `<NAME>_FILE` names); a missing or malformed one stops the process with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(withSecretFiles(env));
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const config: Config = { ...result.data, SESSION_SECRET: result.data.SESSION_SECRET[0], SESSION_SECRETS: result.data.SESSION_SECRET };
  if (env.STORAGE_S3_BUCKET) config.STORAGE_S3 = storageBucket(env);
  if (config.NODE_ENV === 'production') refuseUnsafeProduction(config);
  return config;
}

function storageBucket(env: NodeJS.ProcessEnv): S3Settings {
  try {
    return s3SettingsFromEnv(env, 'STORAGE_S3');
  } catch (error) {
    throw new Error(`Invalid configuration: ${(error as Error).message}`);
  }
}

/** Settings that run, but are unsafe in production, stop it there. */
function refuseUnsafeProduction(config: Config): void {
  if (config.SESSION_SECRETS.includes(DEV_SESSION_SECRET)) {
    throw new Error('Invalid configuration: SESSION_SECRET must be set in production');
  }
  if (config.SESSION_SECRETS.some((secret) => secret.length < PRODUCTION_SECRET_LENGTH)) {
    throw new Error(`Invalid configuration: SESSION_SECRET must be at least ${PRODUCTION_SECRET_LENGTH} characters in production`);
  }
  if (!config.JOB_DATA_KEY) {
    throw new Error(
      'Invalid configuration: JOB_DATA_KEY must be set in production (its own secret, 32+ characters, the same for the API and the worker)',
    );
  }
  if (config.SESSION_SECRETS.includes(config.JOB_DATA_KEY)) {
    throw new Error('Invalid configuration: JOB_DATA_KEY must not be one of the SESSION_SECRET values');
  }
  if (!meetsOwaspArgon2id(config)) {
    throw new Error(
      "Invalid configuration: PASSWORD_ARGON2_* is below OWASP's argon2id minimum (7 MiB, and memory × passes of 35 MiB) in production",
    );
  }
  if (config.LINK_CHECK_ALLOW_PRIVATE) {
    throw new Error('Invalid configuration: LINK_CHECK_ALLOW_PRIVATE must not be on in production (link checks would reach private addresses)');
  }
}
