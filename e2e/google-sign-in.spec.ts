import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { startMockOidc } from '../src/server/test/fixtures/mock-oidc';

/**
 * The whole Google sign-in in a real browser: our login page → a local OpenID Connect provider
 * (standing in for Google) → our callback → the dashboard. Runs its own server configured for
 * Google, since the shared test server uses the development sign-in.
 */
test.describe.configure({ mode: 'serial' });

let oidc: Awaited<ReturnType<typeof startMockOidc>>;
let server: ChildProcess;
let base: string;

// eslint-disable-next-line no-empty-pattern -- Playwright needs the fixtures argument destructured
test.beforeAll(async ({}, testInfo) => {
  // A second server starting while the shared one runs: slow on a busy 2-core machine.
  testInfo.setTimeout(150_000);
  oidc = await startMockOidc();
  const port = 4390 + testInfo.parallelIndex + (testInfo.project.name === 'phone' ? 5 : 0);
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      NODE_ENV: 'development',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'derap-google-')),
      DATABASE_URL: '',
      GOOGLE_ISSUER: oidc.url,
      GOOGLE_CLIENT_ID: 'derap-web',
      GOOGLE_CLIENT_SECRET: 'rahasia-lokal',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? 'dist/web',
    },
    stdio: 'inherit',
  });
  for (const deadline = Date.now() + 140_000; Date.now() < deadline; ) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server with Google sign-in did not start');
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await oidc?.stop();
});

test('a newcomer signs in with Google and lands on the dashboard as a runner', async ({ page }) => {
  oidc.nextIdentity({ sub: 'google-e2e-1', email: 'made.wirawan@gmail.com', name: 'Made Wirawan' });
  await page.goto(`${base}/login`);
  await expect(page.getByText('Masuk Pengembangan')).toHaveCount(0); // dev sign-in is off with Google on
  await page.getByRole('button', { name: /Google/i }).or(page.getByRole('link', { name: /Google/i })).first().click();
  await page.waitForURL(`${base}/dashboard`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Made');
  const me = await page.request.get(`${base}/api/auth/me`);
  expect((await me.json()).user).toMatchObject({ email: 'made.wirawan@gmail.com', role: 'runner' });
});

test('the mobile flow returns to /mobile-login with the app\'s challenge and state; the app gets a one-time code, never a token in a URL', async ({ page }) => {
  oidc.nextIdentity({ sub: 'google-e2e-2', email: 'ketut.ayu@gmail.com', name: 'Ketut Ayu' });
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const addresses: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) addresses.push(frame.url());
  });
  await page.goto(`${base}/mobile-login?from_app=true&code_challenge=${challenge}&state=g-state`);
  await page.getByRole('button', { name: /Google/i }).or(page.getByRole('link', { name: /Google/i })).first().click();
  await page.waitForURL(`${base}/mobile-login?from_app=true&code_challenge=${challenge}&state=g-state`, { timeout: 15_000 });
  await expect(page.getByTestId('handoff-account')).toContainText('ketut.ayu@gmail.com');

  const leaving = page.waitForRequest((r) => r.url().startsWith('derap://'));
  await page.getByRole('button', { name: 'Buka Aplikasi' }).click();
  const target = new URL((await leaving).url().replace(/^derap:\/\//, 'https://derap.invalid/'));
  expect(target.searchParams.get('state')).toBe('g-state');
  const res = await page.request.post(`${base}/api/auth/mobile-handoff`, {
    data: { code: target.searchParams.get('code'), code_verifier: verifier },
    headers: { cookie: '' },
  });
  const app = await res.json();
  expect(app.user).toMatchObject({ email: 'ketut.ayu@gmail.com' });
  // the app's token works as a bearer token, and no token ever stood in an address
  const me = await page.request.get(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${app.token}`, cookie: '' } });
  expect(me.ok()).toBeTruthy();
  for (const address of [...addresses, page.url()]) {
    expect(address).not.toMatch(/[?&#](token|refreshToken|code)=/);
    expect(address).not.toContain(app.token);
  }
});
