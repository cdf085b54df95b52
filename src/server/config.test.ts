import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('works for a newcomer with no variables: PGlite under ./data, port 3000, dev sign-in on', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'derap-cfg-'));
    const cfg = loadConfig({ DATA_DIR: dir });
    expect(cfg.port).toBe(3000);
    expect(cfg.database).toEqual({ kind: 'pglite', dir: path.join(dir, 'pglite') });
    expect(cfg.devLogin).toBe(true);
    expect(cfg.google).toBeNull();
    expect(cfg.publicUrl).toBe('http://localhost:3000');
    // the generated secret is kept, so sessions survive a restart
    const secret = readFileSync(path.join(dir, 'jwt-secret'), 'utf8');
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(new TextDecoder().decode(loadConfig({ DATA_DIR: dir }).jwtSecret)).toBe(secret);
  });

  it('switches to PostgreSQL with DATABASE_URL and treats empty variables as unset', () => {
    const cfg = loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db', GOOGLE_CLIENT_ID: '', JWT_SECRET: 'k'.repeat(32) });
    expect(cfg.database).toEqual({ kind: 'postgres', url: 'postgres://u@127.0.0.1:5432/db', max: 10 });
    expect(cfg.google).toBeNull();
  });

  it('sizes the PostgreSQL pool from DATABASE_POOL_MAX', () => {
    const env = { DATABASE_URL: 'postgres://u@127.0.0.1:5432/db', JWT_SECRET: 'k'.repeat(32) };
    expect(loadConfig({ ...env, DATABASE_POOL_MAX: '40' }).database).toMatchObject({ kind: 'postgres', max: 40 });
    expect(() => loadConfig({ ...env, DATABASE_POOL_MAX: '0' })).toThrow();
  });

  it('turns Google on (and dev sign-in off) when both client id and secret are set', () => {
    const cfg = loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', JWT_SECRET: 'k'.repeat(32) });
    expect(cfg.google).toMatchObject({ issuer: 'https://accounts.google.com', clientId: 'id' });
    expect(cfg.devLogin).toBe(false);
  });

  it('trusts no proxy unless TRUST_PROXY says so: true, a hop count or a list of addresses', () => {
    const k = { JWT_SECRET: 'k'.repeat(32) };
    expect(loadConfig(k).trustProxy).toBe(false);
    expect(loadConfig({ ...k, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...k, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ ...k, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...k, TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(() => loadConfig({ ...k, TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ ...k, TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ ...k, REGISTRATION_RATE_LIMIT_PER_MINUTE: '5000' }).registrationRateLimitPerMinute).toBe(5000);
  });

  it('the registration admission gate: 2 × DATABASE_POOL_MAX at once, 200 waiting up to 10 s by default; each configurable', () => {
    const k = { JWT_SECRET: 'k'.repeat(32) };
    expect(loadConfig(k).registrationAdmission).toEqual({ concurrency: 20, queueMax: 200, maxWaitMs: 10_000 });
    expect(loadConfig({ ...k, DATABASE_POOL_MAX: '25' }).registrationAdmission.concurrency).toBe(50);
    expect(
      loadConfig({ ...k, REGISTRATION_CONCURRENCY: '3', REGISTRATION_QUEUE_MAX: '0', REGISTRATION_QUEUE_WAIT_MS: '500' }).registrationAdmission,
    ).toEqual({ concurrency: 3, queueMax: 0, maxWaitMs: 500 });
    expect(() => loadConfig({ ...k, REGISTRATION_CONCURRENCY: '0' })).toThrow(/REGISTRATION_CONCURRENCY/);
  });

  it('registration defaults suit a crowd: 300 a minute per address, 10 attempts per identity an hour, a 15-minute hold, the challenge on', () => {
    const k = { JWT_SECRET: 'k'.repeat(32) };
    const cfg = loadConfig(k);
    expect(cfg.registrationRateLimitPerMinute).toBe(300);
    expect(cfg.registrationIdentityLimitPerHour).toBe(10);
    expect(cfg.registrationHoldMinutes).toBe(15);
    expect(cfg.registrationChallenge).toBe(true);
    expect(loadConfig({ ...k, REGISTRATION_CHALLENGE: 'false' }).registrationChallenge).toBe(false);
    expect(loadConfig({ ...k, REGISTRATION_HOLD_MINUTES: '30' }).registrationHoldMinutes).toBe(30);
    expect(() => loadConfig({ ...k, REGISTRATION_HOLD_MINUTES: '0' })).toThrow(/REGISTRATION_HOLD_MINUTES/);
    expect(() => loadConfig({ ...k, REGISTRATION_CHALLENGE: 'nanti' })).toThrow(/REGISTRATION_CHALLENGE/);
  });

  it('holds self-managed registrations 48 hours with a reminder 12 hours before the end, both configurable', () => {
    const k = { JWT_SECRET: 'k'.repeat(32) };
    expect(loadConfig(k)).toMatchObject({ selfManagedHoldHours: 48, selfManagedReminderHours: 12 });
    expect(loadConfig({ ...k, SELF_MANAGED_HOLD_HOURS: '72', SELF_MANAGED_REMINDER_HOURS: '0' })).toMatchObject({
      selfManagedHoldHours: 72,
      selfManagedReminderHours: 0,
    });
    expect(() => loadConfig({ ...k, SELF_MANAGED_HOLD_HOURS: '0' })).toThrow(/SELF_MANAGED_HOLD_HOURS/);
    expect(() => loadConfig({ ...k, SELF_MANAGED_HOLD_HOURS: '6' })).toThrow(/SELF_MANAGED_REMINDER_HOURS harus lebih kecil/);
  });

  it('reads the support WhatsApp number in any usual form as +62, none when unset, and refuses one with letters', () => {
    const env = { JWT_SECRET: 'k'.repeat(32) };
    expect(loadConfig(env).supportWhatsapp).toBeNull();
    expect(loadConfig({ ...env, SUPPORT_WHATSAPP: '0812-3456-7890' }).supportWhatsapp).toBe('+6281234567890');
    expect(() => loadConfig({ ...env, SUPPORT_WHATSAPP: '0812-WA-DERAP' })).toThrow(/SUPPORT_WHATSAPP/);
  });

  it('stops with a clear message on a bad value', () => {
    expect(() => loadConfig({ PORT: 'abc', JWT_SECRET: 'k'.repeat(32) })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc', JWT_SECRET: 'k'.repeat(32) })).toThrow(/PORT/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });

  it('never loads demo data in production unless asked to', () => {
    const prod = { NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', JWT_SECRET: 'k'.repeat(32), MIDTRANS_SERVER_KEY: 'm' };
    expect(loadConfig(prod).seedDemo).toBe(false);
    expect(loadConfig({ ...prod, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ JWT_SECRET: 'k'.repeat(32) }).seedDemo).toBe(true);
    expect(loadConfig({ JWT_SECRET: 'k'.repeat(32), SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('an https address outside production refuses the dev sign-in and the sandbox gateway unless ALLOW_DEV_SIGNIN', () => {
    const https = { JWT_SECRET: 'k'.repeat(32), PUBLIC_URL: 'https://derap.id' };
    // No gateway but the sandbox, which must not take payments on a public address.
    expect(() => loadConfig(https)).toThrow(/MIDTRANS_SERVER_KEY/);
    const withMidtrans = loadConfig({ ...https, MIDTRANS_SERVER_KEY: 'm' });
    expect(withMidtrans.devLogin).toBe(false);
    expect(withMidtrans.sandboxPayments).toBe(false);
    expect(withMidtrans.https).toBe(true);
    const staging = loadConfig({ ...https, ALLOW_DEV_SIGNIN: 'true' });
    expect(staging.devLogin).toBe(true);
    expect(staging.sandboxPayments).toBe(true);
    // Production never offers them, whatever ALLOW_DEV_SIGNIN says.
    const prod = loadConfig({ ...https, NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', MIDTRANS_SERVER_KEY: 'm', ALLOW_DEV_SIGNIN: 'true' });
    expect(prod.devLogin).toBe(false);
    expect(prod.sandboxPayments).toBe(false);
    // Plain http stays the newcomer's default.
    expect(loadConfig({ JWT_SECRET: 'k'.repeat(32) }).devLogin).toBe(true);
  });

  it('the dev sign-in needs a loopback HOST or DEV_LOGIN=true; HOST defaults to the loopback outside production (issue 26 §8)', () => {
    const k = { JWT_SECRET: 'k'.repeat(32) };
    expect(loadConfig(k).host).toBe('localhost');
    expect(loadConfig({ ...k, NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', MIDTRANS_SERVER_KEY: 'm' }).host).toBe('0.0.0.0');
    for (const host of ['localhost', '127.0.0.1', '127.8.9.10', '::1', '[::1]', '::ffff:127.0.0.1']) expect(loadConfig({ ...k, HOST: host }).devLogin, host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'derap.local', '10.0.0.5']) expect(loadConfig({ ...k, HOST: host }).devLogin, host).toBe(false);
    expect(loadConfig({ ...k, HOST: '0.0.0.0', DEV_LOGIN: 'true' }).devLogin).toBe(true);
    // Never in production, nor with Google.
    expect(loadConfig({ ...k, HOST: '127.0.0.1', NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', MIDTRANS_SERVER_KEY: 'm', DEV_LOGIN: 'true' }).devLogin).toBe(false);
    expect(loadConfig({ ...k, HOST: '127.0.0.1', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', DEV_LOGIN: 'true' }).devLogin).toBe(false);
  });

  it('reads the database timeouts', () => {
    const k = { JWT_SECRET: 'k'.repeat(32) };
    expect(loadConfig(k).databaseTimeouts).toEqual({ connectMs: 5000, statementMs: 15000, startupSeconds: 60 });
    expect(loadConfig({ ...k, DB_CONNECT_TIMEOUT_MS: '800', DB_STATEMENT_TIMEOUT_MS: '3000', DB_STARTUP_TIMEOUT_SECONDS: '0' }).databaseTimeouts).toEqual({
      connectMs: 800,
      statementMs: 3000,
      startupSeconds: 0,
    });
    expect(() => loadConfig({ ...k, DB_STATEMENT_TIMEOUT_MS: '5' })).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
  });

  it('turns the Gemini coach on with GEMINI_API_KEY: gemini-2.5-flash and 60 s by default, model, base URL and timeout configurable', () => {
    const k = { JWT_SECRET: 'k'.repeat(32) };
    expect(loadConfig(k).gemini).toBeNull();
    expect(loadConfig({ ...k, GEMINI_API_KEY: '', GEMINI_MODEL: 'gemini-2.5-pro' }).gemini).toBeNull();
    expect(loadConfig({ ...k, GEMINI_API_KEY: 'AIza-test' }).gemini).toEqual({ apiKey: 'AIza-test', model: 'gemini-2.5-flash', timeoutMs: 60_000 });
    expect(
      loadConfig({ ...k, GEMINI_API_KEY: 'AIza-test', GEMINI_MODEL: 'gemini-2.5-pro', GEMINI_BASE_URL: 'http://127.0.0.1:9999/', AI_TIMEOUT_SECONDS: '2.5' }).gemini,
    ).toEqual({ apiKey: 'AIza-test', model: 'gemini-2.5-pro', baseUrl: 'http://127.0.0.1:9999', timeoutMs: 2500 });
    expect(() => loadConfig({ ...k, GEMINI_API_KEY: 'x', GEMINI_BASE_URL: 'not a url' })).toThrow(/GEMINI_BASE_URL/);
    expect(() => loadConfig({ ...k, AI_TIMEOUT_SECONDS: '0' })).toThrow(/AI_TIMEOUT_SECONDS/);
  });
  it('reads REDIS_URL (rate limits in Redis) and the S3_* keys (uploads in a bucket); both off by default', () => {
    const k = { JWT_SECRET: 'k'.repeat(32) };
    expect(loadConfig(k).redis).toBeNull();
    expect(loadConfig(k).s3).toBeNull();
    expect(loadConfig({ ...k, REDIS_URL: 'redis://127.0.0.1:6379' }).redis).toEqual({ url: 'redis://127.0.0.1:6379', keyPrefix: 'derap:' });
    expect(loadConfig({ ...k, REDIS_URL: 'rediss://cache.example:6380/2', REDIS_KEY_PREFIX: 'derap-staging:' }).redis).toEqual({
      url: 'rediss://cache.example:6380/2',
      keyPrefix: 'derap-staging:',
    });
    expect(() => loadConfig({ ...k, REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
    expect(loadConfig({ ...k, S3_BUCKET: 'derap' }).s3).toEqual({ bucket: 'derap', region: 'us-east-1', forcePathStyle: false, publicUrl: null });
    expect(
      loadConfig({
        ...k,
        S3_BUCKET: 'derap',
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_REGION: 'auto',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PUBLIC_URL: 'https://cdn.derap.id/files/',
      }).s3,
    ).toEqual({
      bucket: 'derap',
      region: 'auto',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
      publicUrl: 'https://cdn.derap.id/files',
    });
    expect(() => loadConfig({ ...k, S3_BUCKET: 'derap', S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ ...k, S3_BUCKET: 'derap', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
  });

  it('Strava: off without STRAVA_*, on with client id, secret and webhook token together; limits and a 32-byte token key', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'derap-cfg-'));
    const k = { JWT_SECRET: 'k'.repeat(32), DATA_DIR: dir };
    const strava = { STRAVA_CLIENT_ID: '4242', STRAVA_CLIENT_SECRET: 'shh', STRAVA_WEBHOOK_VERIFY_TOKEN: 'verify-me-123' };
    expect(loadConfig(k).strava).toBeNull();
    expect(loadConfig({ ...k, STRAVA_CLIENT_ID: '', STRAVA_CLIENT_SECRET: '' }).strava).toBeNull();
    const cfg = loadConfig({ ...k, ...strava, STRAVA_API_URL: 'http://127.0.0.1:4390/' });
    expect(cfg.strava).toMatchObject({
      clientId: '4242',
      clientSecret: 'shh',
      webhookVerifyToken: 'verify-me-123',
      webhookSubscriptionId: null,
      apiUrl: 'http://127.0.0.1:4390',
      limits: { overall15: 200, overallDaily: 2000, read15: 100, readDaily: 1000 },
    });
    expect(loadConfig({ ...k, ...strava }).strava!.apiUrl).toBe('https://www.strava.com');
    // Our push subscription's id (issue 26 §7): events naming another are ignored.
    expect(loadConfig({ ...k, ...strava, STRAVA_WEBHOOK_SUBSCRIPTION_ID: '120475' }).strava!.webhookSubscriptionId).toBe(120475);
    expect(() => loadConfig({ ...k, ...strava, STRAVA_WEBHOOK_SUBSCRIPTION_ID: 'abc' })).toThrow();
    // Outside production a key is generated beside the data and kept across restarts.
    expect(cfg.strava!.tokenKey).toHaveLength(32);
    expect(loadConfig({ ...k, ...strava }).strava!.tokenKey).toEqual(cfg.strava!.tokenKey);
    const hex = 'ab'.repeat(32);
    expect(Buffer.from(loadConfig({ ...k, ...strava, STRAVA_TOKEN_KEY: hex }).strava!.tokenKey).toString('hex')).toBe(hex);
    const b64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ ...k, ...strava, STRAVA_TOKEN_KEY: b64 }).strava!.tokenKey).toEqual(new Uint8Array(Buffer.alloc(32, 7)));
    expect(() => loadConfig({ ...k, ...strava, STRAVA_TOKEN_KEY: 'too-short' })).toThrow(/STRAVA_TOKEN_KEY/);
    expect(
      loadConfig({ ...k, ...strava, STRAVA_LIMIT_15MIN: '100', STRAVA_LIMIT_DAILY: '1000', STRAVA_READ_LIMIT_15MIN: '50', STRAVA_READ_LIMIT_DAILY: '500' }).strava!.limits,
    ).toEqual({ overall15: 100, overallDaily: 1000, read15: 50, readDaily: 500 });
    expect(() => loadConfig({ ...k, ...strava, STRAVA_READ_LIMIT_15MIN: '0' })).toThrow(/STRAVA_READ_LIMIT_15MIN/);
    // Half a configuration is a mistake, not "off".
    expect(() => loadConfig({ ...k, STRAVA_CLIENT_ID: '4242', STRAVA_CLIENT_SECRET: 'shh' })).toThrow(/STRAVA_CLIENT_ID, STRAVA_CLIENT_SECRET dan STRAVA_WEBHOOK_VERIFY_TOKEN/);
    expect(() => loadConfig({ ...k, ...strava, STRAVA_WEBHOOK_VERIFY_TOKEN: 'short' })).toThrow(/STRAVA_WEBHOOK_VERIFY_TOKEN/);
    expect(() => loadConfig({ ...k, ...strava, STRAVA_API_URL: 'not a url' })).toThrow(/STRAVA_API_URL/);
  });

  it('Strava in production needs STRAVA_TOKEN_KEY (no generated key)', () => {
    const prod = { NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', JWT_SECRET: 'k'.repeat(32), MIDTRANS_SERVER_KEY: 'm' };
    const strava = { STRAVA_CLIENT_ID: '4242', STRAVA_CLIENT_SECRET: 'shh', STRAVA_WEBHOOK_VERIFY_TOKEN: 'verify-me-123' };
    expect(() => loadConfig({ ...prod, ...strava })).toThrow(/STRAVA_TOKEN_KEY/);
    expect(loadConfig({ ...prod, ...strava, STRAVA_TOKEN_KEY: 'cd'.repeat(32) }).strava).not.toBeNull();
  });
});
