import { EventEmitter } from 'node:events';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseUnavailableMessage, errorsPlugin } from './errors';

/**
 * Issue 12 item 4: when every pool connection is busy (a rush past the pool's size) a request that
 * waits longer than DB_CONNECT_TIMEOUT_MS must be answered 503 with Retry-After, never 500.
 */

/** A pg client that "connects" at once and never talks to a server: enough for pg-pool's bookkeeping. */
class IdleClient extends EventEmitter {
  connect(callback: (err?: Error) => void) {
    setImmediate(() => callback());
  }
  query() {
    return Promise.resolve({ rows: [] });
  }
  end(callback?: () => void) {
    callback?.();
    return Promise.resolve();
  }
}

/** The exact error pg-pool raises when no connection frees up in time. */
async function poolExhaustedError(): Promise<Error> {
  const pool = new pg.Pool({ max: 1, connectionTimeoutMillis: 50, Client: IdleClient as unknown as typeof pg.Client });
  const held = await pool.connect();
  try {
    await pool.connect();
    throw new Error('the pool should have timed out');
  } catch (error) {
    return error as Error;
  } finally {
    held.release();
    await pool.end();
  }
}

describe('errors plugin: an exhausted database pool is 503 with Retry-After', () => {
  const app = Fastify({ logger: false });
  afterAll(() => app.close());

  it('maps the pool timeout, as raised and as wrapped by Drizzle, to 503 DATABASE_UNAVAILABLE with Retry-After', async () => {
    const exhausted = await poolExhaustedError();
    expect(exhausted.message).toBe('timeout exceeded when trying to connect');
    await app.register(errorsPlugin);
    app.get('/raw', async () => {
      throw exhausted;
    });
    app.get('/wrapped', async () => {
      // Drizzle's DrizzleQueryError keeps the driver's error as `cause`.
      throw new Error('Failed query: insert into "orders" …', { cause: exhausted });
    });
    for (const url of ['/raw', '/wrapped']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(res.json()).toEqual({ message: databaseUnavailableMessage, code: 'DATABASE_UNAVAILABLE' });
    }
  });

  it('a 429 from a limiter answers code RATE_LIMITED (was: BAD_REQUEST) with the Indonesian message', async () => {
    const other = Fastify({ logger: false });
    await other.register(errorsPlugin);
    other.get('/slow-down', async () => {
      throw Object.assign(new Error('Rate limit exceeded, retry in 1 minute'), { statusCode: 429 });
    });
    const res = await other.inject({ method: 'GET', url: '/slow-down' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: 'Terlalu banyak permintaan. Coba lagi sebentar lagi.', code: 'RATE_LIMITED' });
    await other.close();
  });

  it('an unknown error is still a 500 without details', async () => {
    const other = Fastify({ logger: false });
    await other.register(errorsPlugin);
    other.get('/boom', async () => {
      throw new Error('secret internals');
    });
    const res = await other.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Terjadi kesalahan pada server.', code: 'INTERNAL' });
    await other.close();
  });
});
