import type { Page } from '@playwright/test';
import { expect, signInViaApi, test, uniqueEmail } from './fixtures';

/**
 * The auth-success page leaves the browser through `window.__derapAppOpener` when a page
 * provides one: record the attempts instead of navigating to derap://.
 */
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

const user = { _id: 'u-1', email: 'rina@contoh.id', name: 'Rina' };
const successQuery = new URLSearchParams({ token: 'tok-1', refreshToken: 'ref-1', user: JSON.stringify(user) }).toString();

test.describe('/mobile-login', () => {
  test('signed in with from_app=true: overlay, then /mobile-auth-success, which opens derap:// with the tokens', async ({ page }) => {
    await stubAppOpener(page);
    const email = uniqueEmail('mobile');
    await signInViaApi(page, { email });
    await page.goto('/mobile-login?from_app=true');

    await expect(page.getByRole('status').filter({ hasText: 'Login berhasil! Mengarahkan ke aplikasi...' })).toBeVisible();
    await page.waitForURL('**/mobile-auth-success?**');

    const params = new URL(page.url()).searchParams;
    const token = params.get('token');
    const refreshToken = params.get('refreshToken');
    expect(token).toBeTruthy();
    expect(refreshToken).toBeTruthy();
    expect(JSON.parse(params.get('user')!)).toMatchObject({ email });

    await expect(page.getByRole('heading', { name: 'Login berhasil!' })).toBeVisible();
    await expect.poll(async () => (await attempts(page)).opened.length).toBeGreaterThan(0);
    const scheme = new URL((await attempts(page)).opened[0]!.replace(/^derap:\/\//, 'https://derap.invalid/'));
    expect(scheme.pathname).toBe('/auth-success');
    expect(scheme.searchParams.get('token')).toBe(token);
    expect(scheme.searchParams.get('refreshToken')).toBe(refreshToken);
    expect(JSON.parse(scheme.searchParams.get('user')!)).toMatchObject({ email });

    // The app's token is a working session of its own.
    const me = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect((await me.json()).user).toMatchObject({ email });
  });

  test('signed out: Google (pointing back at /mobile-login?from_app=true) and the same disabled options', async ({ page }) => {
    await page.route('**/api/auth/config', (route) => route.fulfill({ json: { google: true, devLogin: true } }));
    await page.goto('/mobile-login?from_app=true');
    const origin = new URL(page.url()).origin;
    await expect(page.getByRole('link', { name: 'Masuk dengan Google' })).toHaveAttribute(
      'href',
      `/api/auth/google/mobile?redirect=${encodeURIComponent(`${origin}/mobile-login?from_app=true`)}`,
    );
    await expect(page.getByRole('button', { name: /Masuk dengan Facebook/ })).toBeDisabled();
    await expect(page.getByRole('form', { name: 'Masuk dengan email dan kata sandi' }).getByLabel('Email')).toBeDisabled();
    await expect(page.getByRole('radio', { name: 'Pelatih' })).toBeDisabled();
    await expect(page.getByRole('radio', { name: 'Penyelenggara' })).toBeDisabled();
  });

  test('without from_app the Google link returns to plain /mobile-login', async ({ page }) => {
    await page.route('**/api/auth/config', (route) => route.fulfill({ json: { google: true, devLogin: false } }));
    await page.goto('/mobile-login');
    const origin = new URL(page.url()).origin;
    await expect(page.getByRole('link', { name: 'Masuk dengan Google' })).toHaveAttribute(
      'href',
      `/api/auth/google/mobile?redirect=${encodeURIComponent(`${origin}/mobile-login`)}`,
    );
  });

  test('the development sign-in on /mobile-login?from_app=true hands off to the app too', async ({ page }) => {
    await stubAppOpener(page);
    const email = uniqueEmail('mobile.dev');
    await page.goto('/mobile-login?from_app=true');
    const dev = page.getByRole('region', { name: 'Masuk Pengembangan' });
    await dev.getByLabel('Email').fill(email);
    await dev.getByRole('button', { name: 'Masuk Pengembangan', exact: true }).click();
    await page.waitForURL('**/mobile-auth-success?**');
    expect(JSON.parse(new URL(page.url()).searchParams.get('user')!)).toMatchObject({ email });
  });

  test('signed in without from_app goes to /dashboard', async ({ page }) => {
    await signInViaApi(page, { email: uniqueEmail('mobile.web') });
    await page.goto('/mobile-login');
    await page.waitForURL('**/dashboard');
  });

  test('a failed hand-off tells the person to return to the app by hand', async ({ page }) => {
    await page.route('**/api/auth/mobile-handoff', (route) => route.fulfill({ status: 500, json: { message: 'Gangguan server.' } }));
    await signInViaApi(page, { email: uniqueEmail('mobile.gagal') });
    await page.goto('/mobile-login?from_app=true');
    await expect(page.getByRole('alert')).toHaveText(
      'Login berhasil, tetapi gagal mengarahkan ke aplikasi. Silakan kembali ke aplikasi secara manual.',
    );
    await expect(page).toHaveURL(/\/mobile-login\?from_app=true$/);
  });

  test('?error=google after Google shows the message', async ({ page }) => {
    await page.goto('/mobile-login?from_app=true&error=google');
    await expect(page.getByRole('alert')).toContainText('Masuk dengan Google gagal');
  });
});

test.describe('/mobile-auth-success', () => {
  test('opens the app at 1.5 s, tries a second way 1 s later, and shows the manual hint', async ({ page }) => {
    await stubAppOpener(page);
    await page.clock.install();
    await page.goto(`/mobile-auth-success?${successQuery}`);
    await expect(page.getByRole('heading', { name: 'Login berhasil!' })).toBeVisible();
    expect((await attempts(page)).opened).toEqual([]);

    await page.clock.runFor(1_500);
    await expect.poll(async () => (await attempts(page)).opened).toEqual([`derap://auth-success?${successQuery}`]);
    await page.clock.runFor(1_000);
    await expect.poll(async () => (await attempts(page)).framed).toEqual([`derap://auth-success?${successQuery}`]);

    const hint = 'Jika aplikasi tidak terbuka otomatis, silakan kembali ke aplikasi secara manual.';
    await expect(page.getByText(hint)).toHaveCount(0);
    await page.clock.runFor(2_000);
    await expect(page.getByText(hint)).toBeVisible();

    await page.getByRole('button', { name: 'Buka Aplikasi' }).click();
    await expect.poll(async () => (await attempts(page)).opened.length).toBe(2);
  });

  test('missing data shows the incomplete-data error', async ({ page }) => {
    await stubAppOpener(page);
    await page.goto('/mobile-auth-success?token=tok-1');
    await expect(page.getByRole('alert')).toHaveText('Data login tidak lengkap. Silakan coba lagi.');
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });

  test('a user that is not JSON shows the invalid-user error', async ({ page }) => {
    await page.goto(`/mobile-auth-success?token=tok-1&refreshToken=ref-1&user=${encodeURIComponent('{bukan json')}`);
    await expect(page.getByRole('alert')).toHaveText('Data pengguna tidak valid. Silakan coba lagi.');
  });

  test("'Coba Lagi' goes to /mobile-login and 'Kembali ke Aplikasi' opens the app", async ({ page }) => {
    await stubAppOpener(page);
    await page.goto('/mobile-auth-success');
    await page.getByRole('button', { name: 'Kembali ke Aplikasi' }).click();
    expect((await attempts(page)).opened).toEqual(['derap://']);
    await page.getByRole('button', { name: 'Coba Lagi' }).click();
    await page.waitForURL('**/mobile-login**');
    await expect(page.getByRole('heading', { level: 1, name: 'Masuk ke Derap' })).toBeVisible();
  });
});
