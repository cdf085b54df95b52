import AxeBuilder from '@axe-core/playwright';
import { expect, test, uniqueEmail } from './fixtures';

test.describe('/login', () => {
  test('offers Google, and shows Facebook, email/password and the other roles as not yet available', { tag: '@layout' }, async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Masuk ke Derap' })).toBeVisible();
    await expect(page).toHaveTitle(/Masuk/);

    // The e2e server has no Google client configured: the button is shown, disabled, with a hint.
    await expect(page.getByRole('button', { name: 'Masuk dengan Google' })).toBeDisabled();
    await expect(page.getByText('Masuk dengan Google belum dikonfigurasi di server ini.')).toBeVisible();

    const facebook = page.getByRole('button', { name: /Masuk dengan Facebook/ });
    await expect(facebook).toBeDisabled();
    await expect(facebook).toContainText('Segera');

    const emailForm = page.getByRole('form', { name: 'Masuk dengan email dan kata sandi' });
    await expect(emailForm.getByLabel('Email')).toBeDisabled();
    await expect(emailForm.getByLabel('Kata sandi')).toBeDisabled();
    await expect(emailForm.getByRole('button', { name: 'Masuk' })).toBeDisabled();
    await expect(page.getByText('Segera hadir: masuk dengan email')).toBeVisible();

    await expect(page.getByRole('radio', { name: 'Masuk sebagai Pelari' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Pelatih' })).toBeDisabled();
    await expect(page.getByRole('radio', { name: 'Penyelenggara' })).toBeDisabled();
    await expect(page.getByRole('link', { name: 'halo@derap.id' })).toHaveAttribute('href', 'mailto:halo@derap.id');
    await expect(page.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', 'https://wa.me/6281234567890');

    // Nothing overflows sideways, on the phone included.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('has no automatically detectable accessibility violations', { tag: '@layout' }, async ({ page }) => {
    await page.goto('/login?error=google');
    await expect(page.getByRole('heading', { level: 1, name: 'Masuk ke Derap' })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test('when Google is configured the button goes to /api/auth/google', async ({ page }) => {
    await page.route('**/api/auth/config', (route) => route.fulfill({ json: { google: true, devLogin: false } }));
    await page.goto('/login');
    await expect(page.getByRole('link', { name: 'Masuk dengan Google' })).toHaveAttribute('href', '/api/auth/google');
    await expect(page.getByRole('heading', { name: 'Masuk Pengembangan' })).toHaveCount(0);
  });

  test("'Buat Akun', Terms and Privacy open in modals that Escape closes", async ({ page }) => {
    await page.goto('/login');

    const createAccount = page.getByRole('button', { name: 'Buat Akun' });
    await createAccount.click();
    const dialog = page.getByRole('dialog', { name: 'Buat Akun' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('hanya melalui Google');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(createAccount).toBeFocused();

    await page.getByRole('button', { name: 'Syarat & Ketentuan' }).click();
    await expect(page.getByRole('dialog', { name: /Syarat/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('button', { name: 'Kebijakan Privasi' }).click();
    await expect(page.getByRole('dialog', { name: /Privasi/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a newcomer signs in with the development form and lands on /dashboard', async ({ page }) => {
    const email = uniqueEmail('pendatang');
    await page.goto('/login');
    const dev = page.getByRole('region', { name: 'Masuk Pengembangan' });
    await dev.getByLabel('Email').fill(email);
    await dev.getByLabel(/Nama/).fill('Pelari Baru');
    await dev.getByRole('button', { name: 'Masuk Pengembangan', exact: true }).click();
    await page.waitForURL('**/dashboard');

    const me = await page.request.get('/api/auth/me');
    expect(me.ok()).toBeTruthy();
    expect((await me.json()).user).toMatchObject({ email, name: 'Pelari Baru', role: 'runner' });
  });

  test('a demo account button signs in with that role', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: /Masuk sebagai Pelatih \(andi\.pratama@derap\.id\)/ }).click();
    await page.waitForURL('**/dashboard');
    const me = await page.request.get('/api/auth/me');
    expect((await me.json()).user).toMatchObject({ email: 'andi.pratama@derap.id', role: 'coach' });
  });

  test('an invalid email shows the Indonesian message and does not sign in', async ({ page }) => {
    await page.goto('/login');
    const dev = page.getByRole('region', { name: 'Masuk Pengembangan' });
    const email = dev.getByLabel('Email');
    await email.fill('bukan-email');
    await dev.getByRole('button', { name: 'Masuk Pengembangan', exact: true }).click();
    await expect(dev.getByText('Masukkan email yang valid!')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("the server's message is shown when it refuses the sign-in", async ({ page }) => {
    await page.route('**/api/auth/dev-login', (route) => route.fulfill({ status: 400, json: { message: 'Peran tidak dikenal.' } }));
    await page.goto('/login');
    const dev = page.getByRole('region', { name: 'Masuk Pengembangan' });
    await dev.getByLabel('Email').fill(uniqueEmail('ditolak'));
    await dev.getByRole('button', { name: 'Masuk Pengembangan', exact: true }).click();
    await expect(dev.getByRole('alert')).toHaveText('Peran tidak dikenal.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a signed-in user visiting /login goes to /dashboard', async ({ page, loginAs }) => {
    await loginAs({ prefix: 'sudah.masuk' });
    await page.goto('/login');
    await page.waitForURL('**/dashboard');
  });

  test('a stale stored token is removed on load', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('token', 'kedaluwarsa'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Masuk ke Derap' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  for (const [code, message] of [
    ['google', 'Masuk dengan Google gagal atau dibatalkan. Silakan coba lagi.'],
    ['google_unavailable', 'Masuk dengan Google belum dikonfigurasi di server ini. Silakan hubungi kami atau coba lagi nanti.'],
    ['email_unverified', 'Email akun Google Anda belum terverifikasi.'],
  ] as const) {
    test(`?error=${code} explains what went wrong`, async ({ page }) => {
      await page.goto(`/login?error=${code}`);
      await expect(page.getByRole('alert')).toContainText(message);
    });
  }
});
