import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { buildApp } from '../../app';
import { openDatabase, openDatabaseWithRetry, type Database } from '../../db/client';
import { buildTestApp, testConfig } from '../../test/fixtures/build-test-app';
import { startTcpProxy, type TcpProxy } from '../../test/fixtures/tcp-proxy';
import { startSession } from '../auth/tokens';
import { findOrCreateUser } from '../users/service';
import { databaseUnavailableMessage } from '../../plugins/errors';

const onPostgres = process.env.TEST_DB === 'postgres';

describe('a database that is gone', () => {
  it('answers requests with 503 and a clear message, not 500 (its connection closed)', async () => {
    const t = await buildTestApp();
    const { headers } = await t.login('pelari@contoh.id');
    await t.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/training-plans', headers });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ message: databaseUnavailableMessage, code: 'DATABASE_UNAVAILABLE' });
    await t.app.close();
  });
});

// A database that stops answering (a dead network, a hung host) only exists over a real connection.
describe.runIf(onPostgres)('a PostgreSQL server that stops answering', () => {
  let proxy: TcpProxy;
  let database: Database;
  let dbName: string;
  const base = process.env.TEST_DATABASE_URL!;

  beforeAll(async () => {
    dbName = `derap_test_down_${process.pid}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName}`);
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(base);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    url.pathname = `/${dbName}`;
    database = await openDatabase({ kind: 'postgres', url: url.href, max: 5, timeouts: { connectMs: 400, statementMs: 700 } });
  });

  afterAll(async () => {
    await database?.close().catch(() => {});
    await proxy?.close();
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  });

  it('health says 503 within a second, requests get 503 quickly, and the server recovers by itself', async () => {
    const config = testConfig();
    const app = await buildApp({ config, database });
    await app.ready();
    try {
      const { user } = await findOrCreateUser(database.db, { email: 'pelari@contoh.id', name: 'Pelari' });
      const { token } = await startSession(database.db, config, user.id, 'mobile');
      const headers = { authorization: `Bearer ${token}` };
      expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(200);

      proxy.stall();
      let started = Date.now();
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(Date.now() - started).toBeLessThan(1000);

      started = Date.now();
      const res = await app.inject({ method: 'GET', url: '/api/auth/me', headers });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ message: databaseUnavailableMessage, code: 'DATABASE_UNAVAILABLE' });
      expect(Date.now() - started).toBeLessThan(3000);

      proxy.resume();
      // The pool drops the dead connections and opens new ones on its own: poll until it answers.
      let recovered = false;
      for (const deadline = Date.now() + 10_000; Date.now() < deadline && !recovered; ) {
        recovered = (await app.inject({ method: 'GET', url: '/api/health' })).statusCode === 200;
      }
      expect(recovered).toBe(true);
      expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(200);
    } finally {
      proxy.resume();
      await app.close();
    }
  });

  it('start-up gives up after its deadline instead of hanging', async () => {
    proxy.stall();
    try {
      const url = new URL(base);
      url.host = `127.0.0.1:${proxy.port}`;
      url.pathname = `/${dbName}`;
      const started = Date.now();
      await expect(
        openDatabaseWithRetry({ kind: 'postgres', url: url.href, timeouts: { connectMs: 300, statementMs: 500 } }, 1),
      ).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      proxy.resume();
    }
  });
});
