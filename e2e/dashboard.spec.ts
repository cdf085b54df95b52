import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

const isPhone = () => test.info().project.name === 'phone';

/** The dashboard menu; on a phone it lives behind the toggle, in a drawer. */
async function openNav(page: Page): Promise<Locator> {
  if (isPhone()) {
    await page.getByRole('button', { name: 'Buka menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu dasbor' })).toBeVisible();
  }
  const nav = page.getByRole('navigation', { name: 'Menu dasbor' });
  await expect(nav).toBeVisible();
  return nav;
}

async function navGroups(nav: Locator) {
  return nav.locator('[data-testid^="nav-group-"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')!.slice(10)));
}

test('a newcomer sees the greeting, the home cards and only the Pelari and Umum groups', { tag: '@layout' }, async ({ page, loginAs }) => {
  await loginAs({ name: 'Sari Lestari' });
  await page.goto('/dashboard');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Selamat (pagi|siang|sore|malam), Sari!$/);
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Latihan terarah menuju target larimu' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Buka Kalender Latihan/ })).toBeVisible();

  const events = page.getByRole('region', { name: 'Event Diikuti' });
  await expect(events.getByText('0', { exact: true })).toBeVisible();
  await expect(events).toContainText('Kamu belum mengikuti event lari apa pun.');
  await expect(events.getByRole('link', { name: /Cari Event Lari/ })).toHaveAttribute('href', '/registration');

  await expect(page.getByRole('region', { name: 'Progres Latihan Minggu Ini' })).toContainText('Tidak ada data latihan untuk minggu ini.');
  await expect(page.getByRole('region', { name: 'Latihan Hari Ini' })).toContainText('Tidak ada latihan untuk hari ini.');
  const soon = page.getByRole('region', { name: 'Fitur Baru Segera Hadir' });
  await expect(soon).toContainText('Toko Lari Pilihan');
  await expect(soon).toContainText('Dokumentasi Foto Event');
  await expect(page.getByRole('button', { name: 'Buat Event' })).toHaveCount(0);

  const header = page.getByRole('banner');
  await expect(header.getByRole('img', { name: 'Foto Sari Lestari' })).toBeVisible();
  if (!isPhone()) await expect(header).toContainText('Sari Lestari');

  const nav = await openNav(page);
  expect(await navGroups(nav)).toEqual(['pelari', 'general']);
  await expect(nav.getByRole('button', { name: /Kalender Latihan/ })).toContainText('Baru');
  await expect(nav.getByRole('button', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
});

const expectedGroups = {
  runner: ['pelari', 'general'],
  coach: ['pelari', 'pelatih', 'general'],
  organizer: ['pelari', 'penyelenggara', 'general'],
  admin: ['pelari', 'penyelenggara', 'pelatih', 'admin', 'general'],
} as const;

for (const role of ['runner', 'coach', 'organizer', 'admin'] as const) {
  test(`a ${role} sees the sidebar groups of that role`, { tag: '@layout' }, async ({ page, loginAs }) => {
    await loginAs(role);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Selamat/);

    const canCreateEvent = role === 'organizer' || role === 'admin';
    await expect(page.getByRole('button', { name: 'Buat Event' })).toHaveCount(canCreateEvent ? 1 : 0);

    const nav = await openNav(page);
    expect(await navGroups(nav)).toEqual(expectedGroups[role]);
    if (role === 'organizer' || role === 'admin') {
      await expect(nav.getByRole('button', { name: 'Daftar Kegiatan' })).toBeVisible();
      // Keuangan is a real view now (issue 13).
      await expect(nav.getByRole('button', { name: 'Keuangan' })).toBeVisible();
    }
    if (role === 'coach' || role === 'admin') {
      for (const label of ['Daftar Pelari', 'Ubah Jadwal', 'Profil Pelatih']) {
        await expect(nav.getByRole('button', { name: label })).toBeVisible();
      }
    }
    if (role === 'admin') await expect(nav.getByRole('link', { name: 'Dashboard Admin' })).toHaveAttribute('href', '/admin');
    else await expect(nav.getByRole('link', { name: 'Dashboard Admin' })).toHaveCount(0);
  });
}

test('views switch in place, and navigating to /dashboard resets to the home view', async ({ page, loginAs }) => {
  await loginAs({ prefix: 'pindah', role: 'coach' });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Selamat/);
  // A marker on window proves no page load happens between views.
  await page.evaluate(() => ((window as unknown as { __derap: number }).__derap = 1));

  let nav = await openNav(page);
  await nav.getByRole('button', { name: 'Daftar Pelari' }).click();
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toContainText('Daftar Pelari');
  await expect(page.getByText('Tidak ada pelari ditemukan.', { exact: true })).toBeVisible();
  await expect(title).toBeFocused();
  await expect(page).toHaveURL(/\/dashboard$/);

  nav = await openNav(page);
  await expect(nav.getByRole('button', { name: 'Daftar Pelari' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('button', { name: 'Pengaturan' }).click();
  await expect(title).toHaveText('Pengaturan Profil');

  // The logo goes to /dashboard even though we are there already: back to the home view.
  await page.getByRole('banner').getByRole('link', { name: /Derap/ }).click();
  await expect(title).toHaveText(/^Selamat/);
  expect(await page.evaluate(() => (window as unknown as { __derap?: number }).__derap)).toBe(1);

  // The home card's button opens the calendar view in place.
  await page.getByRole('button', { name: /Buka Kalender Latihan/ }).click();
  await expect(title).toContainText('Kalender Latihan');
  await expect(page).toHaveURL(/\/dashboard#calendar$/);
});

test('/dashboard#calendar opens Kalender Latihan', async ({ page, loginAs }) => {
  await loginAs({ prefix: 'kalender' });
  await page.goto('/dashboard#calendar');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Kalender Latihan');
  await expect(page.getByRole('heading', { name: 'Latihan mendatang' })).toBeVisible();
  const nav = await openNav(page);
  await expect(nav.getByRole('button', { name: /Kalender Latihan/ })).toHaveAttribute('aria-current', 'page');
});

test('Bantuan opens the help dialog with contacts, Terms and Privacy', async ({ page, loginAs }) => {
  await loginAs({ prefix: 'bantuan' });
  await page.goto('/dashboard');
  const nav = await openNav(page);
  await nav.getByRole('button', { name: 'Bantuan' }).click();

  const help = page.getByRole('dialog', { name: 'Bantuan & Syarat Ketentuan' });
  await expect(help).toBeVisible();
  await expect(help.getByRole('link', { name: /halo@derap\.id/ })).toHaveAttribute('href', 'mailto:halo@derap.id');
  // The number the server is configured with (SUPPORT_WHATSAPP in playwright.config.ts), never a placeholder.
  await expect(help.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', 'https://wa.me/6281234567890');
  await expect(help.getByRole('link', { name: /WhatsApp/ })).toContainText('+62 812-3456-7890');

  // Escape closes the dialog that has focus: wait until the nested one has taken it, as a person would see it open first.
  const focusInside = (dialog: Locator) =>
    expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement)), { timeout: 5000 }).toBe(true);
  await help.getByRole('button', { name: 'Syarat & Ketentuan' }).click();
  const terms = page.getByRole('dialog', { name: 'Syarat & Ketentuan' });
  await expect(terms).toBeVisible();
  await focusInside(terms);
  await page.keyboard.press('Escape');
  await expect(terms).toHaveCount(0);
  await help.getByRole('button', { name: 'Kebijakan Privasi' }).click();
  const privacy = page.getByRole('dialog', { name: 'Kebijakan Privasi' });
  await expect(privacy).toBeVisible();
  await focusInside(privacy);
  await page.keyboard.press('Escape');
  await expect(privacy).toHaveCount(0);
  await expect(help).toBeVisible();
  await help.getByRole('button', { name: 'Tutup' }).click();
  await expect(help).toHaveCount(0);
});

test('Pengaturan Profil shows the user’s details, the Strava card and a dark-mode switch', async ({ page, loginAs }) => {
  const me = await loginAs({ prefix: 'profil', role: 'organizer', name: 'Rina Wulandari' });
  await page.goto('/dashboard');
  const nav = await openNav(page);
  await nav.getByRole('button', { name: 'Pengaturan' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pengaturan Profil');

  const profile = page.getByRole('region', { name: 'Profil' });
  const row = (label: string) => profile.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  await expect(row('Nama')).toHaveText('Rina Wulandari');
  await expect(row('Email')).toHaveText(me.email);
  await expect(row('Peran')).toHaveText('Penyelenggara');
  await expect(row('Status Langganan')).toContainText('Tidak ada');
  await expect(row('Berlaku hingga')).toHaveText('-');
  // 'Kelola Langganan' beside the status opens the subscription dialog (e2e/subscriptions.spec.ts walks it).
  await row('Status Langganan').getByRole('button', { name: 'Kelola Langganan' }).click();
  await expect(page.getByRole('dialog', { name: 'Manajemen Paket Langganan' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The Strava card's states are walked in e2e/strava.spec.ts and strava-card.test.tsx.
  await expect(page.getByRole('region', { name: 'Strava' }).getByRole('button', { name: /Hubungkan Strava/ })).toBeVisible();
  const dark = page.getByRole('switch', { name: 'Mode gelap' });
  await expect(dark).toHaveAttribute('aria-checked', 'false');
  await dark.focus();
  await page.keyboard.press('Space');
  await expect(dark).toHaveAttribute('aria-checked', 'true');
});

test('the Strava flag re-checks the user and is removed from the address', async ({ page, loginAs }) => {
  await loginAs({ prefix: 'strava' });
  const meCalls: string[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/api/auth/session')) meCalls.push(req.url());
  });
  await page.goto('/dashboard?strava=connected');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Selamat/);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('strava-return')).toContainText('Strava berhasil terhubung.');
  await expect.poll(() => meCalls.length).toBeGreaterThanOrEqual(2);

  await page.goto('/dashboard?strava_connected=true&sumber=app#calendar');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Kalender Latihan');
  await expect(page).toHaveURL(/\/dashboard\?sumber=app#calendar$/);
});

test('messages and notifications say they are coming soon', async ({ page, loginAs }) => {
  await loginAs({ prefix: 'pesan' });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /^Pesan/ }).click();
  await expect(page.getByText('Fitur pesan segera hadir.')).toBeVisible();
  await page.getByRole('button', { name: /^Notifikasi/ }).click();
  await expect(page.getByText('Fitur notifikasi segera hadir.')).toBeVisible();
});

test('the phone drawer closes with Escape and the overlay and hands focus back', { tag: '@phone-only' }, async ({ page, loginAs }) => {
  await loginAs({ prefix: 'laci' });
  await page.goto('/dashboard');
  // While the drawer is open the rest of the page is hidden from assistive tech, so find the toggle by CSS.
  const toggle = page.locator('header button[aria-label="Buka menu"]');
  const drawer = page.getByRole('dialog', { name: 'Menu dasbor' });

  await toggle.click();
  await expect(drawer).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(toggle).toBeFocused();

  await toggle.click();
  await page.getByTestId('drawer-overlay').click({ position: { x: 340, y: 400 } });
  await expect(drawer).toHaveCount(0);

  await toggle.click();
  await drawer.getByRole('button', { name: 'Tutup menu' }).click();
  await expect(drawer).toHaveCount(0);
});

test('Keluar signs out to /login, and /dashboard then sends visitors to /login', async ({ page, loginAs }) => {
  await loginAs({ prefix: 'keluar' });
  await page.goto('/dashboard');
  const nav = await openNav(page);
  await nav.getByRole('button', { name: 'Keluar' }).click();
  await page.waitForURL(/\/login$/);
  await page.goto('/dashboard');
  await page.waitForURL(/\/login$/);
});

test('a very long name and email never push the dashboard or the settings wider than the screen', { tag: '@layout' }, async ({ page, loginAs }) => {
  const email = `pelari.dengan.alamat.email.yang.sangat.panjang.${Date.now()}@contoh-domain-panjang.id`;
  await loginAs({ email, name: 'Ni Luh Putu Ayu Kusumawardhani Pramesti Dewi' });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const nav = await openNav(page);
  await nav.getByRole('button', { name: 'Pengaturan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pengaturan Profil' })).toBeVisible();
  await expect(page.getByText(email).first()).toBeAttached();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
});
