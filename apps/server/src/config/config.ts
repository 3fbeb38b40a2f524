import { z } from 'zod';
import path from 'node:path';
import { parseTrustProxy, type TrustProxy } from './trust-proxy';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');
// On unless turned off (`false` or `0`).
const onByDefault = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v !== 'false' && v !== '0');

/**
 * Every setting the server reads from its environment, parsed once at start-up. Nothing else in the
 * server reads `process.env`; tests build a config object directly.
 */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Rollbook <no-reply@rollbook.test>'),
  PUBLIC_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 3600),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(90 * 24 * 3600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: booleanFlag,
  WEB_DIST: z.string().optional(),
  WEB_PUBLIC_SOURCE_MAPS: booleanFlag,
  CORS_ORIGINS: z.string().optional(),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  TRUST_PROXY: z.string().optional(),
  LOGIN_ACCOUNT_FREE_ATTEMPTS: z.coerce.number().int().min(1).max(1000).default(5),
  LOGIN_ACCOUNT_LOCK_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  LOGIN_ACCOUNT_MAX_LOCK_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 3600)
    .default(900),
  AUTH_ADDRESS_MAX_ACCOUNTS: z.coerce.number().int().min(1).max(100_000).default(10),
  AUTH_ADDRESS_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 3600)
    .default(900),
  MAINTENANCE: booleanFlag,
  E2E_TEST_HOOKS: booleanFlag,
  PRESENCE_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  PRESENCE_MAX_QUEUE: z.coerce.number().int().min(0).max(100_000).default(1000),
  PRESENCE_WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  // On unless turned off: the first marks after a start should not pay for a cold verifier.
  PRESENCE_WARM_UP: onByDefault,
  // On unless turned off: a fresh server's first allocation should get the warm solver's plan.
  PLANNER_WARM_UP: onByDefault,
  SESSION_START_EARLY_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(15),
  SESSION_START_LATE_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(0),
  ATTENDANCE_RATE_LIMIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  // The oldest teacher audio a verification reads: a 5-s recording, up to 4 s before its upload,
  // two clock tolerances and a chunk around it, and the wait for the window's last second
  // (docs/decisions/sessions-0007-marking-hot-path.md): 17 s, kept with slack for a loaded server.
  LIVE_AUDIO_WINDOW_SECONDS: z.coerce.number().int().min(10).max(600).default(20),
  TEACHER_SOCKET_LEASE_SECONDS: z.coerce.number().int().min(5).max(600).default(30),
  LIVE_SSE_HEARTBEAT_SECONDS: z.coerce.number().min(0.05).max(120).default(15),
  TONE_BAND_LOW_HZ: z.coerce.number().int().min(8000).max(22000).default(17000),
  TONE_BAND_HIGH_HZ: z.coerce.number().int().min(9000).max(23000).default(20000),
  METRICS_TOKEN: z.string().min(16).optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  SCHEDULED_JOBS_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  DB_POOL_WAIT_MS: z.coerce.number().int().min(1).max(600_000).default(5000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1).max(3_600_000).default(15_000),
  DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(1).max(3_600_000).default(5000),
});

/** Every environment variable the server reads (the README documents each one; a test checks). */
export const CONFIG_VARIABLES = Object.keys(EnvSchema.shape);

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Base address used in links sent by mail; defaults to the listening address. */
  publicUrl: string | undefined;
  /** HS256 secret; embedded mode generates one in the data folder when unset. */
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  logLevel: string;
  logPretty: boolean;
  webDist: string;
  /** Serve the web build's `.map` files (off: source maps stay on the server, answered 404). */
  webPublicSourceMaps: boolean;
  corsOrigins: string[];
  seedDemo: 'auto' | 'never';
  loginRateLimitPerMinute: number;
  /** Proxies whose `X-Forwarded-For` is believed: none (default), a hop count, or addresses/CIDRs. */
  trustProxy: TrustProxy;
  /**
   * Per-account sign-in back-off, whatever the address: this many attempts in a row may fail
   * freely; each further one locks the account's sign-in for `lockSeconds`, doubling up to
   * `maxLockSeconds` (so an attacker can keep the real user waiting at most that long at a time).
   */
  loginAccountFreeAttempts: number;
  loginAccountLockSeconds: number;
  loginAccountMaxLockSeconds: number;
  /**
   * Per-address limit across accounts (password spraying, forgot-password probing): one address
   * may fail to sign in to, or ask a reset link for, at most this many accounts per window.
   */
  authAddressMaxAccounts: number;
  authAddressWindowSeconds: number;
  maintenance: boolean;
  /** Exposes /api/__e2e__/ reset and notify calls for browser tests. Never set in production. */
  e2eTestHooks: boolean;
  /** Proof-of-presence worker threads (default: cores minus one, at least two) and how many verifications may wait. */
  presenceWorkers: number | undefined;
  presenceMaxQueue: number;
  /**
   * Nice steps the verification threads run below the event loop (Linux), so that under a burst the
   * loop still stamps uploads and the teacher's audio when they arrive (presence-0020); 0: same.
   */
  presenceWorkerNice: number;
  /**
   * Each verification thread verifies a made-up proof a few times when it starts, so the first
   * students' marks after a start do not pay for compiling the verifier (presence-0022). Off in
   * tests, where most apps verify little or nothing.
   */
  presenceWarmUp: boolean;
  /**
   * Start the planner worker when the server is ready and warm its solver there (a small LP, MIP
   * and allocation), so the first allocation call gets warm-solver plans (decision allocation-0006).
   * Off in tests, where most apps never plan.
   */
  plannerWarmUp: boolean;
  /**
   * How long before a lecture's start and after its end (minutes) its teacher may start the
   * session. Institutions with `session_window_always_open` (the demo) may start all day.
   */
  sessionStartEarlyMinutes: number;
  sessionStartLateMinutes: number;
  /** One marking attempt per student per this many seconds (0 turns the limit off). */
  attendanceRateLimitSeconds: number;
  /** How much of the teacher's microphone stream is kept for verification, seconds. */
  liveAudioWindowSeconds: number;
  /** The one-teacher-per-session lease: renewed while the socket lives, expires if its instance dies. */
  teacherSocketLeaseSeconds: number;
  /** How often the slow-network path's event stream sends a comment line so proxies keep it open. */
  liveSseHeartbeatSeconds: number;
  /** Band of the session tone (cheap laptop speakers roll off above 18 kHz). */
  toneBandLowHz: number;
  toneBandHighHz: number;
  /** Bearer token that opens /api/metrics; without it (and without a metrics port) metrics are off. */
  metricsToken: string | undefined;
  /** A separate port (on `metricsHost`) serving /metrics without a token, for a scraper inside the network. */
  metricsPort: number | undefined;
  metricsHost: string;
  /**
   * How often each instance looks for due scheduled jobs (weekly alerts, the daily retention sweep);
   * 0 turns the timer off (tests run the jobs by hand). A run is claimed once across instances.
   */
  scheduledJobsIntervalSeconds: number;
  /** PostgreSQL pool: connections, the longest wait for one, and the server-side statement and lock limits. */
  db: DbLimits;
}

/** Bounds on the PostgreSQL pool, so one stuck query or lock never stalls every other request. */
export interface DbLimits {
  poolSize: number;
  poolWaitMs: number;
  statementTimeoutMs: number;
  lockTimeoutMs: number;
}

/** Parses the environment once; a bad value stops start-up with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (typeof trustProxy === 'object' && !Array.isArray(trustProxy)) {
    throw new Error(`Invalid configuration: TRUST_PROXY: ${trustProxy.error}`);
  }
  if (e.LOGIN_ACCOUNT_MAX_LOCK_SECONDS < e.LOGIN_ACCOUNT_LOCK_SECONDS) {
    throw new Error(
      'Invalid configuration: LOGIN_ACCOUNT_MAX_LOCK_SECONDS must be at least LOGIN_ACCOUNT_LOCK_SECONDS',
    );
  }
  // The v2 schedule sweeps three slots of at least 300 Hz each (packages/presence parseScheduleConfig).
  if (e.TONE_BAND_HIGH_HZ - e.TONE_BAND_LOW_HZ < 900) {
    throw new Error('Invalid configuration: TONE_BAND_HIGH_HZ must be at least 900 above TONE_BAND_LOW_HZ');
  }
  if (e.REDIS_URL && !e.JWT_SECRET) {
    // Each instance would otherwise generate its own secret in its own data folder, and a token
    // one instance signed would be refused by the next: users signed out at random.
    throw new Error(
      'Invalid configuration: JWT_SECRET must be set when REDIS_URL is (every instance sharing Redis signs tokens with the same secret)',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL,
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../../web/dist')),
    webPublicSourceMaps: e.WEB_PUBLIC_SOURCE_MAPS,
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    seedDemo: e.SEED_DEMO,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    trustProxy,
    loginAccountFreeAttempts: e.LOGIN_ACCOUNT_FREE_ATTEMPTS,
    loginAccountLockSeconds: e.LOGIN_ACCOUNT_LOCK_SECONDS,
    loginAccountMaxLockSeconds: e.LOGIN_ACCOUNT_MAX_LOCK_SECONDS,
    authAddressMaxAccounts: e.AUTH_ADDRESS_MAX_ACCOUNTS,
    authAddressWindowSeconds: e.AUTH_ADDRESS_WINDOW_SECONDS,
    maintenance: e.MAINTENANCE,
    e2eTestHooks: e.E2E_TEST_HOOKS,
    presenceWorkers: e.PRESENCE_WORKERS,
    presenceMaxQueue: e.PRESENCE_MAX_QUEUE,
    presenceWorkerNice: e.PRESENCE_WORKER_NICE,
    presenceWarmUp: e.PRESENCE_WARM_UP,
    plannerWarmUp: e.PLANNER_WARM_UP,
    sessionStartEarlyMinutes: e.SESSION_START_EARLY_MINUTES,
    sessionStartLateMinutes: e.SESSION_START_LATE_MINUTES,
    attendanceRateLimitSeconds: e.ATTENDANCE_RATE_LIMIT_SECONDS,
    liveAudioWindowSeconds: e.LIVE_AUDIO_WINDOW_SECONDS,
    teacherSocketLeaseSeconds: e.TEACHER_SOCKET_LEASE_SECONDS,
    liveSseHeartbeatSeconds: e.LIVE_SSE_HEARTBEAT_SECONDS,
    toneBandLowHz: e.TONE_BAND_LOW_HZ,
    toneBandHighHz: e.TONE_BAND_HIGH_HZ,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    scheduledJobsIntervalSeconds: e.SCHEDULED_JOBS_INTERVAL_SECONDS,
    db: {
      poolSize: e.DB_POOL_SIZE,
      poolWaitMs: e.DB_POOL_WAIT_MS,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      lockTimeoutMs: e.DB_LOCK_TIMEOUT_MS,
    },
  };
}
