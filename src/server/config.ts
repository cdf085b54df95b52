import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SELF_MANAGED_HOLD_HOURS, DEFAULT_SELF_MANAGED_REMINDER_HOURS } from '../domain/registrations/registrations';
import { normalizePhone } from '../domain/shared/phone';

/** Which proxies may set X-Forwarded-For (Fastify's `trustProxy`): off unless configured. */
export type TrustProxy = boolean | number | string[];

const trustProxyEnv = z
  .string()
  .trim()
  .transform((value, ctx): TrustProxy => {
    if (value === 'false') return false;
    if (value === 'true') return true;
    if (/^\d+$/.test(value)) return Number(value);
    const addresses = value.split(',').map((a) => a.trim()).filter(Boolean);
    const bad = addresses.filter((a) => {
      const [ip, bits, ...rest] = a.split('/');
      if (rest.length > 0 || !ip || !isIP(ip)) return true;
      return bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= (isIP(ip) === 4 ? 32 : 128));
    });
    if (addresses.length === 0 || bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY harus true, false, jumlah proxy, atau daftar alamat IP/CIDR dipisah koma' });
      return z.NEVER;
    }
    return addresses;
  });

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment variable the server reads. README's configuration table mirrors this. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Unset: every interface in production, the loopback ('localhost') otherwise. */
  HOST: z.string().trim().min(1).optional(),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().startsWith('postgres').optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET harus minimal 32 karakter').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(15 * 60),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  MOBILE_APP_SCHEME: z.string().regex(/^[a-z][a-z0-9+.-]*$/).default('derap'),
  MOBILE_APP_PACKAGE: z.string().default('id.derap.app'),
  /** Derap's support WhatsApp number, any usual form ('0812-…', '+62 812 …'); unset: the help dialog shows none. */
  SUPPORT_WHATSAPP: z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (value === '') return null;
      const result = normalizePhone(value);
      if (result.ok) return result.phone;
      ctx.addIssue({ code: 'custom', message: 'SUPPORT_WHATSAPP harus nomor telepon, misalnya +6281234567890' });
      return z.NEVER;
    })
    .optional(),
  /** Unset: demo data outside production only. */
  SEED_DEMO: booleanish.optional(),
  /** Lets an https deployment outside NODE_ENV=production keep the dev sign-in and sandbox gateway (staging). */
  ALLOW_DEV_SIGNIN: booleanish.default(false),
  /** The development sign-in on a server that listens beyond the loopback (issue 26 §8); never in production. */
  DEV_LOGIN: booleanish.default(false),
  /** PostgreSQL connections per server process (each instance has its own pool). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1_000).default(10),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  DB_STARTUP_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(3_600).default(60),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
  REGISTRATION_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
  REGISTRATION_IDENTITY_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(10),
  REGISTRATION_CHALLENGE: booleanish.default(true),
  /** Unset: twice DATABASE_POOL_MAX (a registration holds a connection only part of its time). */
  REGISTRATION_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).optional(),
  REGISTRATION_QUEUE_MAX: z.coerce.number().int().min(0).max(100_000).default(200),
  REGISTRATION_QUEUE_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  TRUST_PROXY: trustProxyEnv.default(false),
  /** Bearer token of `GET /metrics` (Prometheus); unset: no metrics are kept and the route answers 404. */
  METRICS_TOKEN: z.string().trim().min(16, 'METRICS_TOKEN minimal 16 karakter').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().default('./dist/web'),
  MIDTRANS_SERVER_KEY: z.string().min(1).optional(),
  MIDTRANS_CLIENT_KEY: z.string().min(1).optional(),
  MIDTRANS_PRODUCTION: booleanish.default(false),
  MIDTRANS_SNAP_URL: z.url().optional(),
  MIDTRANS_API_URL: z.url().optional(),
  PAYMENT_EXPIRY_SWEEP_SECONDS: z.coerce.number().int().min(0).default(60),
  JOBS_POLL_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  PUBLIC_READ_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(2),
  REGISTRATION_HOLD_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  SUBSCRIPTION_PAYMENT_HOURS: z.coerce.number().int().min(1).max(7 * 24).default(24),
  AI_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1000).default(10),
  AI_DAILY_QUOTA: z.coerce.number().int().min(1).max(100_000).default(60),
  SELF_MANAGED_HOLD_HOURS: z.coerce.number().int().min(1).max(30 * 24).default(DEFAULT_SELF_MANAGED_HOLD_HOURS),
  SELF_MANAGED_REMINDER_HOURS: z.coerce.number().int().min(0).max(30 * 24).default(DEFAULT_SELF_MANAGED_REMINDER_HOURS),
  STORAGE_DIR: z.string().optional(),
  /** Rate-limit counters in Redis (faster than the default PostgreSQL store; both are shared by every server). */
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'REDIS_URL harus diawali redis:// atau rediss://').optional(),
  REDIS_KEY_PREFIX: z.string().default('derap:'),
  /** Uploads in an S3-compatible bucket instead of the local disk. */
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanish.default(false),
  S3_PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL harus diawali smtp:// atau smtps://').optional(),
  MAIL_FROM: z.string().default('Derap <no-reply@derap.id>'),
  GEMINI_API_KEY: z.string().min(1).optional(),
  GEMINI_MODEL: z.string().trim().min(1).default('gemini-2.5-flash'),
  GEMINI_BASE_URL: z.url().optional(),
  AI_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(60),
  /** Strava sync (issue 15): all of CLIENT_ID, CLIENT_SECRET and WEBHOOK_VERIFY_TOKEN, or none. */
  STRAVA_CLIENT_ID: z.string().trim().min(1).optional(),
  STRAVA_CLIENT_SECRET: z.string().trim().min(1).optional(),
  STRAVA_WEBHOOK_VERIFY_TOKEN: z.string().trim().min(8, 'STRAVA_WEBHOOK_VERIFY_TOKEN minimal 8 karakter.').optional(),
  /** The id Strava gave our push subscription: events naming another (or none) are ignored (issue 26 §7). */
  STRAVA_WEBHOOK_SUBSCRIPTION_ID: z.coerce.number().int().positive().optional(),
  /** Base of both https://www.strava.com/oauth/* and /api/v3/*; tests point it at a fake server. */
  STRAVA_API_URL: z.url().default('https://www.strava.com'),
  /** 32 bytes, base64 or hex: encrypts the stored Strava tokens. Required in production when Strava is configured. */
  STRAVA_TOKEN_KEY: z.string().trim().min(1).optional(),
  /** Strava's application limits (overall and read, per 15 minutes and per day); lower them for a smaller app. */
  STRAVA_LIMIT_15MIN: z.coerce.number().int().min(1).default(200),
  STRAVA_LIMIT_DAILY: z.coerce.number().int().min(1).default(2000),
  STRAVA_READ_LIMIT_15MIN: z.coerce.number().int().min(1).default(100),
  STRAVA_READ_LIMIT_DAILY: z.coerce.number().int().min(1).default(1000),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  production: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: { kind: 'pglite'; dir: string | null } | { kind: 'postgres'; url: string; max: number };
  jwtSecret: Uint8Array;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  google: { issuer: string; clientId: string; clientSecret: string } | null;
  /**
   * Development sign-in exists only outside production, while Google is not configured, not on
   * what looks like a deployment (an https PUBLIC_URL) unless ALLOW_DEV_SIGNIN says so, and only on a
   * server listening on the loopback unless DEV_LOGIN (or ALLOW_DEV_SIGNIN) says so.
   */
  devLogin: boolean;
  /** The built-in sandbox checkout may take payments (off on an https deployment unless ALLOW_DEV_SIGNIN). */
  sandboxPayments: boolean;
  /** PUBLIC_URL is https: HSTS and secure cookies. */
  https: boolean;
  /** Timeouts that keep a database that stops answering from hanging requests and start-up. */
  databaseTimeouts: { connectMs: number; statementMs: number; startupSeconds: number };
  mobileApp: { scheme: string; androidPackage: string };
  /** Support's WhatsApp number as stored (`+62…`), or null: shown in the help dialog only when set. */
  supportWhatsapp: string | null;
  seedDemo: boolean;
  /** Sign-in, refresh and dev-login requests one address may make per minute. */
  authRateLimitPerMinute: number;
  /**
   * Event registrations one address (an IPv4 address or an IPv6 /64) may make per minute: high
   * enough for a crowd behind one carrier-grade NAT address; hoarding is stopped by the rules below.
   */
  registrationRateLimitPerMinute: number;
  /** Registration attempts per identity number per event per hour (counted in the database). */
  registrationIdentityLimitPerHour: number;
  /** Whether `POST /api/runner-registrations` needs a solved proof-of-work challenge (off for load tests). */
  registrationChallenge: boolean;
  /**
   * Per process: registrations processed at once, how many may wait for a turn and for how long;
   * beyond that 503 REGISTRATION_BUSY with Retry-After (decision 018).
   */
  registrationAdmission: { concurrency: number; queueMax: number; maxWaitMs: number };
  /**
   * Which proxies' X-Forwarded-For decides the client address (and so every per-address rate
   * limit). Off by default: otherwise any client could claim a fresh address on each request.
   */
  trustProxy: TrustProxy;
  logLevel: Env['LOG_LEVEL'];
  /** What Prometheus sends as `Authorization: Bearer …` to read `/metrics`; null: metrics off (404). */
  metricsToken: string | null;
  webDistDir: string;
  /** Extra allowed OIDC http issuers (tests run the OIDC server on 127.0.0.1 over http). */
  allowInsecureOidc: boolean;
  /** Midtrans Snap when a server key is set; otherwise the built-in sandbox checkout takes payments. */
  midtrans: MidtransConfig | null;
  /** How often unpaid orders past their time are expired; 0 = never (tests drive it by hand). */
  paymentExpirySweepSeconds: number;
  /** How often this server looks for due background jobs (0 = never: tests run them by hand). */
  jobsPollSeconds: number;
  /** How long a public event answer is served from memory (and a CDN's s-maxage); 0 = no cache. */
  publicReadCacheSeconds: number;
  /** How long an unpaid platform-paid registration holds its slot (the runner sees it count down). */
  registrationHoldMinutes: number;
  /** How long a subscription order stays payable (nothing is held meanwhile). */
  subscriptionPaymentHours: number;
  /** AI calls (createplan, chat, modify, trainingimages) per runner: a per-minute limit and a Jakarta-day quota, shared by every server. */
  aiLimits: { perMinute: number; perDay: number };
  /**
   * How long a self-managed (bank transfer) registration holds its slot until the runner sends a
   * proof of transfer; a proof stops the clock, a rejected proof starts a new hold.
   */
  selfManagedHoldHours: number;
  /** The runner is reminded once this many hours before the hold ends (0 = no reminder). */
  selfManagedReminderHours: number;
  /** Local-disk storage root for uploads (the built-in storage adapter). */
  storageDir: string;
  /** An S3-compatible bucket for uploads when S3_BUCKET is set (then storageDir is unused). */
  s3: S3Config | null;
  /** Rate-limit counters in Redis when REDIS_URL is set; otherwise in PostgreSQL (rate_limit_hits). */
  redis: { url: string; keyPrefix: string } | null;
  /** SMTP when set; otherwise the built-in outbox stores mail in the database. */
  mail: { smtpUrl: string | null; from: string };
  /** The Gemini adapter of the AI coach when GEMINI_API_KEY is set; otherwise the built-in engine answers. */
  gemini: GeminiConfig | null;
  /** Strava sync when STRAVA_CLIENT_ID/SECRET/WEBHOOK_VERIFY_TOKEN are set; otherwise activity files are the way in. */
  strava: StravaConfig | null;
}

export interface StravaConfig {
  clientId: string;
  clientSecret: string;
  webhookVerifyToken: string;
  /** Our push subscription's id; null until set, and then every webhook event is ignored. */
  webhookSubscriptionId: number | null;
  /** Base URL without a trailing slash: `${apiUrl}/oauth/token`, `${apiUrl}/api/v3/activities/{id}`. */
  apiUrl: string;
  /** AES-256-GCM key for the stored tokens (32 bytes). */
  tokenKey: Uint8Array;
  limits: { overall15: number; overallDaily: number; read15: number; readDaily: number };
}

export interface S3Config {
  bucket: string;
  region: string;
  /** Another S3-compatible service (MinIO, R2, a fake in tests), without a trailing slash; unset: AWS. */
  endpoint?: string;
  /** Explicit keys; unset: the SDK's usual chain (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
  /**
   * Where browsers load the files from (a CDN or a public bucket), without a trailing slash; unset:
   * this server streams them at /api/files/{key}, so the bucket can stay private.
   */
  publicUrl: string | null;
}

export interface GeminiConfig {
  apiKey: string;
  model: string;
  /** Another endpoint (a proxy, or a fake server in tests), without a trailing slash. */
  baseUrl?: string;
  /** One AI call, its retry included (AI_TIMEOUT_SECONDS). */
  timeoutMs: number;
}

export interface MidtransConfig {
  serverKey: string;
  clientKey: string | null;
  production: boolean;
  /** Snap base URL (create transaction), without a trailing slash. */
  snapUrl: string;
  /** Core API base URL (status, expire), without a trailing slash. */
  apiUrl: string;
}

export class ConfigError extends Error {}

/** Parses process.env once at start-up and stops with a clear message on a bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable means "not set" (e.g. GOOGLE_CLIENT_ID= in a shell or a CI file).
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Konfigurasi tidak valid:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const google =
    e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
      ? { issuer: e.GOOGLE_ISSUER, clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
      : null;
  if (production && !google) {
    throw new ConfigError(
      'Mode produksi membutuhkan Google sign-in: isi GOOGLE_CLIENT_ID dan GOOGLE_CLIENT_SECRET.',
    );
  }
  if (production && !e.JWT_SECRET) {
    throw new ConfigError('Mode produksi membutuhkan JWT_SECRET (minimal 32 karakter).');
  }
  if (production && !e.MIDTRANS_SERVER_KEY) {
    // The sandbox checkout lets anyone mark an order paid: never in front of real users.
    throw new ConfigError('Mode produksi membutuhkan MIDTRANS_SERVER_KEY (gateway sandbox hanya untuk pengembangan).');
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('S3_ACCESS_KEY_ID dan S3_SECRET_ACCESS_KEY harus diisi berdua (atau keduanya kosong).');
  }
  if (e.SELF_MANAGED_REMINDER_HOURS >= e.SELF_MANAGED_HOLD_HOURS) {
    throw new ConfigError('SELF_MANAGED_REMINDER_HOURS harus lebih kecil dari SELF_MANAGED_HOLD_HOURS.');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const https = publicUrl.startsWith('https://');
  // An https address means real people may reach it: no passwordless sign-in, no fake payments,
  // even when NODE_ENV was forgotten — unless a staging server asks for them explicitly.
  const devTools = !production && (!https || e.ALLOW_DEV_SIGNIN);
  const host = e.HOST ?? (production ? '0.0.0.0' : 'localhost');
  // A passwordless sign-in is for one's own machine: a server others can reach (HOST 0.0.0.0, a
  // LAN or public address) offers it only when asked for by name (issue 26 §8).
  const devLogin = devTools && !google && (isLoopbackHost(host) || e.DEV_LOGIN || e.ALLOW_DEV_SIGNIN);
  if (!e.MIDTRANS_SERVER_KEY && !devTools && !production) {
    throw new ConfigError(
      'PUBLIC_URL https tanpa MIDTRANS_SERVER_KEY: gateway sandbox tidak dipakai di alamat publik. Isi MIDTRANS_SERVER_KEY, atau ALLOW_DEV_SIGNIN=true untuk server staging.',
    );
  }
  return {
    production,
    port: e.PORT,
    host,
    publicUrl,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, max: e.DATABASE_POOL_MAX }
      : { kind: 'pglite', dir: path.join(dataDir, 'pglite') },
    jwtSecret: new TextEncoder().encode(e.JWT_SECRET ?? localSecret(dataDir)),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    google,
    devLogin,
    sandboxPayments: devTools,
    https,
    databaseTimeouts: { connectMs: e.DB_CONNECT_TIMEOUT_MS, statementMs: e.DB_STATEMENT_TIMEOUT_MS, startupSeconds: e.DB_STARTUP_TIMEOUT_SECONDS },
    mobileApp: { scheme: e.MOBILE_APP_SCHEME, androidPackage: e.MOBILE_APP_PACKAGE },
    supportWhatsapp: e.SUPPORT_WHATSAPP ?? null,
    // Demo data holds demo admins and fake events that open real payments: never by default in production.
    seedDemo: e.SEED_DEMO ?? !production,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    registrationRateLimitPerMinute: e.REGISTRATION_RATE_LIMIT_PER_MINUTE,
    registrationIdentityLimitPerHour: e.REGISTRATION_IDENTITY_LIMIT_PER_HOUR,
    registrationChallenge: e.REGISTRATION_CHALLENGE,
    registrationAdmission: {
      concurrency: e.REGISTRATION_CONCURRENCY ?? 2 * e.DATABASE_POOL_MAX,
      queueMax: e.REGISTRATION_QUEUE_MAX,
      maxWaitMs: e.REGISTRATION_QUEUE_WAIT_MS,
    },
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN ?? null,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    allowInsecureOidc: !production && new URL(e.GOOGLE_ISSUER).protocol === 'http:',
    midtrans: e.MIDTRANS_SERVER_KEY
      ? {
          serverKey: e.MIDTRANS_SERVER_KEY,
          clientKey: e.MIDTRANS_CLIENT_KEY ?? null,
          production: e.MIDTRANS_PRODUCTION,
          snapUrl: (e.MIDTRANS_SNAP_URL ?? (e.MIDTRANS_PRODUCTION ? 'https://app.midtrans.com' : 'https://app.sandbox.midtrans.com')).replace(/\/$/, ''),
          apiUrl: (e.MIDTRANS_API_URL ?? (e.MIDTRANS_PRODUCTION ? 'https://api.midtrans.com' : 'https://api.sandbox.midtrans.com')).replace(/\/$/, ''),
        }
      : null,
    paymentExpirySweepSeconds: e.PAYMENT_EXPIRY_SWEEP_SECONDS,
    jobsPollSeconds: e.JOBS_POLL_SECONDS,
    publicReadCacheSeconds: e.PUBLIC_READ_CACHE_SECONDS,
    registrationHoldMinutes: e.REGISTRATION_HOLD_MINUTES,
    subscriptionPaymentHours: e.SUBSCRIPTION_PAYMENT_HOURS,
    aiLimits: { perMinute: e.AI_RATE_LIMIT_PER_MINUTE, perDay: e.AI_DAILY_QUOTA },
    selfManagedHoldHours: e.SELF_MANAGED_HOLD_HOURS,
    selfManagedReminderHours: e.SELF_MANAGED_REMINDER_HOURS,
    storageDir: path.resolve(e.STORAGE_DIR ?? path.join(dataDir, 'uploads')),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT.replace(/\/$/, '') } : {}),
          ...(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
            ? { credentials: { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } }
            : {}),
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          publicUrl: e.S3_PUBLIC_URL ? e.S3_PUBLIC_URL.replace(/\/$/, '') : null,
        }
      : null,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : null,
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM },
    gemini: e.GEMINI_API_KEY
      ? {
          apiKey: e.GEMINI_API_KEY,
          model: e.GEMINI_MODEL,
          ...(e.GEMINI_BASE_URL ? { baseUrl: e.GEMINI_BASE_URL.replace(/\/$/, '') } : {}),
          timeoutMs: Math.round(e.AI_TIMEOUT_SECONDS * 1000),
        }
      : null,
    strava: stravaConfig(e, production, dataDir),
  };
}

/** 'localhost', 127.0.0.0/8, ::1 (and its IPv4-mapped form): only this machine can connect. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h.endsWith('.localhost') || h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  const v4 = h.startsWith('::ffff:') ? h.slice(7) : h;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

function stravaConfig(e: Env, production: boolean, dataDir: string): StravaConfig | null {
  const parts = [e.STRAVA_CLIENT_ID, e.STRAVA_CLIENT_SECRET, e.STRAVA_WEBHOOK_VERIFY_TOKEN];
  if (parts.every((v) => !v)) return null;
  if (!e.STRAVA_CLIENT_ID || !e.STRAVA_CLIENT_SECRET || !e.STRAVA_WEBHOOK_VERIFY_TOKEN) {
    throw new ConfigError('STRAVA_CLIENT_ID, STRAVA_CLIENT_SECRET dan STRAVA_WEBHOOK_VERIFY_TOKEN harus diisi bersama (atau semuanya kosong).');
  }
  if (production && !e.STRAVA_TOKEN_KEY) throw new ConfigError('Mode produksi dengan Strava membutuhkan STRAVA_TOKEN_KEY (32 byte, base64 atau hex).');
  return {
    clientId: e.STRAVA_CLIENT_ID,
    clientSecret: e.STRAVA_CLIENT_SECRET,
    webhookVerifyToken: e.STRAVA_WEBHOOK_VERIFY_TOKEN,
    webhookSubscriptionId: e.STRAVA_WEBHOOK_SUBSCRIPTION_ID ?? null,
    apiUrl: e.STRAVA_API_URL.replace(/\/$/, ''),
    tokenKey: e.STRAVA_TOKEN_KEY ? parseKey32(e.STRAVA_TOKEN_KEY) : localKey32(dataDir, 'strava-token-key'),
    limits: { overall15: e.STRAVA_LIMIT_15MIN, overallDaily: e.STRAVA_LIMIT_DAILY, read15: e.STRAVA_READ_LIMIT_15MIN, readDaily: e.STRAVA_READ_LIMIT_DAILY },
  };
}

function parseKey32(value: string): Uint8Array {
  const bytes = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (bytes.length !== 32) throw new ConfigError('STRAVA_TOKEN_KEY harus 32 byte (64 karakter hex atau base64).');
  return new Uint8Array(bytes);
}

/** Development: a key kept beside the data, like the JWT secret, so tokens survive a restart. */
function localKey32(dataDir: string, name: string): Uint8Array {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return parseKey32(readFileSync(file, 'utf8').trim());
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64');
  writeFileSync(file, key, { mode: 0o600 });
  return parseKey32(key);
}

/** Outside production a newcomer has no secret to set: keep a random one beside the data. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
