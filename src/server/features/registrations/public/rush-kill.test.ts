import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * Issue 12's crash check, in CI: `scripts/bench/rush-kill.ts` runs two real server processes on one
 * PostgreSQL database, SIGKILLs one in the middle of a rush, and exits 1 unless every 201 is a live
 * registration and `sold` equals the live registrations (before and after the expiry sweep).
 * PostgreSQL only: one embedded database cannot be shared by two processes.
 */
const root = path.resolve(import.meta.dirname, '../../../../..');

describe.skipIf(process.env.TEST_DB !== 'postgres')('kill -9 of one server in a registration rush', () => {
  it('loses no registration that got a 201 and leaves sold equal to the live registrations', { timeout: 120_000 }, async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/bench/rush-kill.ts', '300', '200', '60', '--gateway-delay', '200', '--kill-after', '60'],
      { cwd: root, env: { ...process.env, DATABASE_URL: process.env.TEST_DATABASE_URL }, timeout: 110_000 },
    );
    expect(stdout).toMatch(/connection lost \(server 1\)×\d+/);
    expect(stdout).toMatch(/of them missing or not live: 0\n/);
    expect(stdout).toContain('OK: no registration that got a 201 was lost');
  });
});
