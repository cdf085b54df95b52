import { createHash, randomBytes } from 'node:crypto';
import type { Page, Request } from '@playwright/test';
import { expect, test, uniqueEmail } from './fixtures';
import { expectNoHorizontalOverflow } from './log-helpers';

/**
 * The mobile-app sign-in hand-off (decision 008): the app opens /mobile-login with its PKCE
 * challenge and state; nothing leaves the browser without a click on 'Buka Aplikasi'; the app
 * receives a one-time code (never a token) through derap://auth-success and exchanges it.
 */

const shots = '/tmp/mobile-login';
const snap = async (page: Page, name: string) => {
  // Finite animations only (spinners never finish); one cancelled by a navigation is fine too.
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished),
    ),
  );
  await page.screenshot({ path: `${shots}/${name}-${page.viewportSize()!.width}.png` });
};

/** A PKCE pair as the app makes it (RFC 7636, S256). */
function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}
const appLink = (challenge: string, state: string) => `/mobile-login?from_app=true&code_challenge=${challenge}&state=${encodeURIComponent(state)}`;

/**
 * Every address the page has had: committed navigations plus pushState/replaceState (the
 * router's moves), so a secret that passed through the address bar or history is caught.
 */
async function recordAddresses(page: Page) {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(frame.url());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __addresses: string[] };
    w.__addresses = [location.href];
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (state: unknown, unused: string, url?: string | URL | null) => {
        original(state, unused, url);
        w.__addresses.push(location.href);
      };
    }
  });
  return async () => [...seen, ...(await page.evaluate(() => (window as unknown as { __addresses: string[] }).__addresses))];
}

/** The page leaves for the app with a real navigation to derap://…; Chromium reports it as a request. */
const appNavigation = (page: Page) => page.waitForRequest((r: Request) => r.url().startsWith('derap://'), { timeout: 10_000 });

async function exchange(page: Page, code: string, verifier: string) {
  return page.request.post('/api/auth/mobile-handoff', { data: { code, code_verifier: verifier }, headers: { cookie: '' } });
}

test.describe('/mobile-login opened by the app', () => {
  test('signed in: shows the account and waits for a click; the click hands the app a one-time code that it exchanges once', { tag: '@layout' }, async ({ page, loginAs }) => {
    const addresses = await recordAddresses(page);
    const appRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith('derap:')) appRequests.push(r.url());
    });
    const email = uniqueEmail('mobile');
    const web = await loginAs({ email, name: 'Rina Seluler' });
    const { verifier, challenge } = pkce();

    await page.goto(appLink(challenge, 'app-state-1'));
    await expect(page.getByRole('heading', { name: 'Lanjutkan ke aplikasi' })).toBeVisible();
    await expect(page.getByTestId('handoff-account')).toContainText('Rina Seluler');
    await expect(page.getByTestId('handoff-account')).toContainText(email);
    await expect(page.getByRole('button', { name: 'Gunakan akun lain' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await snap(page, 'confirm');

    // No click, no hand-off: several seconds later the app has been sent nothing.
    await page.waitForTimeout(3_500);
    expect(appRequests).toEqual([]);
    await expect(page).toHaveURL(/\/mobile-login\?/);

    const leaving = appNavigation(page);
    await page.getByRole('button', { name: 'Buka Aplikasi' }).click();
    await expect(page.getByTestId('mobile-login-success')).toHaveText('Login berhasil! Mengarahkan ke aplikasi...');
    await snap(page, 'overlay');
    await page.waitForURL('**/mobile-auth-success?**');
    await expect(page.getByRole('heading', { name: 'Login berhasil!' })).toBeVisible();
    await snap(page, 'auth-success');

    const target = new URL((await leaving).url().replace(/^derap:\/\//, 'https://derap.invalid/'));
    expect(target.pathname).toBe('/auth-success');
    expect([...target.searchParams.keys()].sort()).toEqual(['code', 'state']);
    expect(target.searchParams.get('state')).toBe('app-state-1');
    const code = target.searchParams.get('code')!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Only the app (it holds the verifier) can exchange the code, and only once.
    expect((await exchange(page, code, pkce().verifier)).status()).toBe(400);
    const first = await exchange(page, code, verifier);
    expect(first.status()).toBe(200);
    const app = (await first.json()) as { token: string; refreshToken: string; user: { email: string } };
    expect(app.user.email).toBe(email);
    const me = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${app.token}`, cookie: '' } });
    expect((await me.json()).user.email).toBe(email);
    const replay = await exchange(page, code, verifier);
    expect(replay.status()).toBe(400);
    expect((await replay.json()).message).toBe('Kode login sudah dipakai. Silakan masuk lagi dari aplikasi.');

    // No token (nor the code) ever stood in the address bar, the history or the page.
    const secrets = [web.token, web.refreshToken, app.token, app.refreshToken, code];
    const all = await addresses();
    expect(all.length).toBeGreaterThan(1);
    for (const address of [...all, page.url()]) {
      expect(address).toMatch(/^http:\/\/127\.0\.0\.1/);
      for (const secret of secrets) expect(address).not.toContain(secret);
      expect(address).not.toMatch(/[?&#](token|refreshToken|code)=/);
    }
    const html = await page.content();
    for (const secret of secrets) expect(html).not.toContain(secret);
    expect(await page.evaluate(() => JSON.stringify(history.state))).not.toContain(code);

    // The same address opened again (history, a shared link) finds no code: nothing is opened,
    // and 'Coba Lagi' goes back to the app's link. (A second tab: Chromium's page.reload() after a
    // navigation to an unhandled scheme leaves Playwright's page unusable.)
    const again = await page.context().newPage();
    const reopened: string[] = [];
    again.on('request', (r) => {
      if (r.url().startsWith('derap:')) reopened.push(r.url());
    });
    await again.goto(page.url());
    await expect(again.getByRole('alert')).toHaveText('Data login tidak lengkap. Silakan coba lagi.');
    await again.waitForTimeout(2_000);
    expect(reopened).toEqual([]);
    await snap(again, 'auth-success-error');
    await again.getByRole('button', { name: 'Coba Lagi' }).click();
    await again.waitForURL(`**${appLink(challenge, 'app-state-1')}`);
    await expect(again.getByRole('button', { name: 'Buka Aplikasi' })).toBeVisible();
  });

  test('signed out: the sign-in options, with Google coming back to the same challenge and state; the dev sign-in ends at the same button', async ({ page }) => {
    const { verifier, challenge } = pkce();
    await page.goto(appLink(challenge, 's 2'));
    const origin = new URL(page.url()).origin;
    await expect(page.getByRole('heading', { name: 'Masuk ke Derap' })).toBeVisible();
    await expect(page.getByText('Masuk untuk aplikasi Derap')).toBeVisible();
    await expect(page.getByRole('button', { name: /Masuk dengan Facebook/ })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Masuk dengan email dan kata sandi' }).getByLabel('Email')).toBeDisabled();
    await expect(page.getByRole('radio', { name: 'Pelatih' })).toBeDisabled();
    await expect(page.getByRole('radio', { name: 'Penyelenggara' })).toBeDisabled();
    await expectNoHorizontalOverflow(page);
    await snap(page, 'signed-out');

    // Google is not configured on this server: the flow returns to the app's link with the reason.
    await page.route('**/api/auth/config', (route) => route.fulfill({ json: { google: true, devLogin: true } }));
    await page.reload();
    const google = page.getByRole('link', { name: 'Masuk dengan Google' });
    await expect(google).toHaveAttribute(
      'href',
      `/api/auth/google/mobile?redirect=${encodeURIComponent(`${origin}${appLink(challenge, 's 2').replace('s%202', 's+2')}`)}`,
    );
    await page.unroute('**/api/auth/config');
    await google.click();
    await page.waitForURL(/error=google_unavailable/);
    const back = new URL(page.url());
    expect(back.pathname).toBe('/mobile-login');
    expect(back.searchParams.get('code_challenge')).toBe(challenge);
    expect(back.searchParams.get('state')).toBe('s 2');
    await expect(page.getByRole('alert').first()).toContainText('Masuk dengan Google belum dikonfigurasi');

    // The development sign-in signs the browser in; the app still waits for 'Buka Aplikasi'.
    const email = uniqueEmail('mobile.dev');
    const dev = page.getByRole('region', { name: 'Masuk Pengembangan' });
    await dev.getByLabel('Email').fill(email);
    const appRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith('derap:')) appRequests.push(r.url());
    });
    await dev.getByRole('button', { name: 'Masuk Pengembangan', exact: true }).click();
    await expect(page.getByTestId('handoff-account')).toContainText(email);
    await page.waitForTimeout(2_500);
    expect(appRequests).toEqual([]);

    const leaving = appNavigation(page);
    await page.getByRole('button', { name: 'Buka Aplikasi' }).click();
    const target = new URL((await leaving).url().replace(/^derap:\/\//, 'https://derap.invalid/'));
    expect(target.searchParams.get('state')).toBe('s 2');
    const res = await exchange(page, target.searchParams.get('code')!, verifier);
    expect((await res.json()).user.email).toBe(email);
  });

  test("'Gunakan akun lain' switches the account the app gets", async ({ page, loginAs }) => {
    await loginAs({ prefix: 'mobile.first', name: 'Akun Pertama' });
    const { verifier, challenge } = pkce();
    await page.goto(appLink(challenge, 'x'));
    await page.getByRole('button', { name: 'Gunakan akun lain' }).click();
    await expect(page.getByRole('heading', { name: 'Masuk dengan akun lain' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Lanjutkan sebagai Akun Pertama' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await snap(page, 'switch-account');
    const second = uniqueEmail('mobile.second');
    const dev = page.getByRole('region', { name: 'Masuk Pengembangan' });
    await dev.getByLabel('Email').fill(second);
    await dev.getByRole('button', { name: 'Masuk Pengembangan', exact: true }).click();
    await expect(page.getByTestId('handoff-account')).toContainText(second);
    const leaving = appNavigation(page);
    await page.getByRole('button', { name: 'Buka Aplikasi' }).click();
    const code = new URL((await leaving).url().replace(/^derap:\/\//, 'https://derap.invalid/')).searchParams.get('code')!;
    expect((await (await exchange(page, code, verifier)).json()).user.email).toBe(second);
  });

  test('an old link without a challenge hands nothing over, even when signed in', async ({ page, loginAs }) => {
    await loginAs({ prefix: 'mobile.old' });
    const minted: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/mobile-handoff')) minted.push(r.url());
    });
    await page.goto('/mobile-login?from_app=true');
    await expect(page.getByRole('alert')).toContainText('Tautan login dari aplikasi tidak lengkap');
    await expect(page.getByRole('button', { name: 'Buka Aplikasi' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Kembali ke Aplikasi' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await snap(page, 'link-incomplete');
    const leaving = appNavigation(page);
    await page.getByRole('button', { name: 'Kembali ke Aplikasi' }).click();
    expect((await leaving).url()).toBe('derap://');
    expect(minted).toEqual([]);
  });

  test('a failed request for the code tells the person to return to the app by hand', async ({ page, loginAs }) => {
    await page.route('**/api/auth/mobile-handoff/code', (route) => route.fulfill({ status: 500, json: { message: 'Gangguan server.' } }));
    await loginAs({ prefix: 'mobile.gagal' });
    await page.goto(appLink(pkce().challenge, 'x'));
    await page.getByRole('button', { name: 'Buka Aplikasi' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Login berhasil, tetapi gagal mengarahkan ke aplikasi. Silakan kembali ke aplikasi secara manual.',
    );
    await expect(page.getByRole('button', { name: 'Coba arahkan lagi' })).toBeVisible();
    await expect(page).toHaveURL(/\/mobile-login\?from_app=true&code_challenge=/);
    await snap(page, 'handoff-failed');
  });
});

test.describe('/mobile-login without the app', () => {
  test('signed out, the Google link returns to plain /mobile-login', async ({ page }) => {
    await page.route('**/api/auth/config', (route) => route.fulfill({ json: { google: true, devLogin: false } }));
    await page.goto('/mobile-login');
    const origin = new URL(page.url()).origin;
    await expect(page.getByRole('link', { name: 'Masuk dengan Google' })).toHaveAttribute(
      'href',
      `/api/auth/google/mobile?redirect=${encodeURIComponent(`${origin}/mobile-login`)}`,
    );
  });

  test('signed in without from_app goes to /dashboard', async ({ page, loginAs }) => {
    await loginAs({ prefix: 'mobile.web' });
    await page.goto('/mobile-login');
    await page.waitForURL('**/dashboard');
  });

  test('?error=google after Google shows the message', async ({ page }) => {
    await page.goto(`${appLink(pkce().challenge, 'x')}&error=google`);
    await expect(page.getByRole('alert')).toContainText('Masuk dengan Google gagal');
  });
});

test.describe('/mobile-auth-success', () => {
  /** Records the opening attempts (`window.__derapAppOpener`) instead of leaving for derap://. */
  async function stubAppOpener(page: Page) {
    await page.addInitScript(() => {
      const w = window as unknown as { __opened: string[]; __framed: string[] } & Window;
      w.__opened = [];
      w.__framed = [];
      w.__derapAppOpener = { navigate: (url) => w.__opened.push(url), openInFrame: (url) => w.__framed.push(url) };
    });
  }
  const attempts = (page: Page) =>
    page.evaluate(() => {
      const w = window as unknown as { __opened: string[]; __framed: string[] };
      return { opened: w.__opened, framed: w.__framed };
    });

  test('after the click: opens the app at 1.5 s, tries a second way 1 s later, shows the manual hint; the button opens again', async ({ page, loginAs }) => {
    await stubAppOpener(page);
    await page.clock.install();
    await loginAs({ prefix: 'mobile.timers' });
    const { challenge } = pkce();
    await page.goto(appLink(challenge, 'st'));
    await page.getByRole('button', { name: 'Buka Aplikasi' }).click();
    await expect(page.getByTestId('mobile-login-success')).toBeVisible();
    await page.clock.runFor(1_000);
    await page.waitForURL('**/mobile-auth-success?**');
    await expect(page.getByRole('heading', { name: 'Login berhasil!' })).toBeVisible();
    expect((await attempts(page)).opened).toEqual([]);

    await page.clock.runFor(1_500);
    await expect.poll(async () => (await attempts(page)).opened.length).toBe(1);
    const [first] = (await attempts(page)).opened;
    expect(first).toMatch(/^derap:\/\/auth-success\?code=[A-Za-z0-9_-]{43}&state=st$/);
    await page.clock.runFor(1_000);
    await expect.poll(async () => (await attempts(page)).framed).toEqual([first]);

    const hint = 'Jika aplikasi tidak terbuka otomatis, silakan kembali ke aplikasi secara manual.';
    await expect(page.getByText(hint)).toHaveCount(0);
    await page.clock.runFor(2_000);
    await expect(page.getByText(hint)).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await snap(page, 'auth-success-hint');

    await page.getByRole('button', { name: 'Buka Aplikasi' }).click();
    await expect.poll(async () => (await attempts(page)).opened).toEqual([first, first]);
  });

  test("a visit without the click (a link, history) shows the error; 'Coba Lagi' and 'Kembali ke Aplikasi' work", async ({ page }) => {
    await stubAppOpener(page);
    const { challenge } = pkce();
    // Even a link carrying tokens the old way hands nothing over.
    await page.goto(`/mobile-auth-success?code_challenge=${challenge}&state=s&token=tok-1&refreshToken=ref-1`);
    await expect(page.getByRole('alert')).toHaveText('Data login tidak lengkap. Silakan coba lagi.');
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await page.getByRole('button', { name: 'Kembali ke Aplikasi' }).click();
    expect((await attempts(page)).opened).toEqual(['derap://']);
    await page.getByRole('button', { name: 'Coba Lagi' }).click();
    await page.waitForURL(`**${appLink(challenge, 's')}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Masuk ke Derap' })).toBeVisible();
  });
});
