import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The public marketing site: header and footer (events-and-coach-pages.md §2), home and coaching
 * pages (runner-and-coach.md §1-§2, §9) and the Terms and Privacy modals. Runs at 1280 px and 360 px.
 */

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** Marks the document so a test can prove that a navigation did not reload the page. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
}
async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
}

async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** Opens the phone menu when the links are collapsed; returns the header navigation to click in. */
async function headerNav(page: Page) {
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Buka menu' }).click();
    return page.getByRole('navigation', { name: 'Navigasi utama (ponsel)' });
  }
  return page.getByRole('navigation', { name: 'Navigasi utama', exact: true });
}

test.describe('header', () => {
  test('links navigate without a reload', { tag: '@layout' }, async ({ page }) => {
    await page.goto('/');
    await markDocument(page);
    const banner = page.getByRole('banner');

    for (const [label, path] of [
      ['Coaching', '/coaching'],
      ['Kalender', '/calendar'],
      ['Daftar Event', '/registration'],
    ] as const) {
      await (await headerNav(page)).getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(path);
    }

    await banner.getByRole('link', { name: /Derap/ }).click();
    await expect(page).toHaveURL('/');
    await expect(page.locator('#ai-coach')).toBeVisible();

    await banner.getByRole('link', { name: 'Masuk atau Daftar' }).click();
    await expect(page).toHaveURL('/login');
    await expectSameDocument(page);
  });

  test('has a fixed 4rem height and a language selector showing only ID', { tag: '@layout' }, async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner).toHaveCSS('height', '64px');
    await expect(banner).toHaveCSS('position', 'sticky');
    if (isPhone(page)) await page.getByRole('button', { name: 'Buka menu' }).click();
    const select = page.getByRole('combobox', { name: 'Bahasa' }).locator('visible=true');
    await expect(select).toHaveCount(1);
    await expect(select.locator('option')).toHaveText(['ID']);
  });

  test('on a phone the links collapse into a menu button (aria-expanded, Escape closes)', { tag: '@phone-only' }, async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Coaching', exact: true })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Buka menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const menuButton = page.getByRole('button', { name: 'Tutup menu' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('navigation', { name: 'Navigasi utama (ponsel)' });
    await expect(menu.getByRole('link', { name: 'Coaching' })).toBeVisible();
    await expectNoHorizontalOverflow(page);

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();

    // Choosing a link closes the menu too.
    await toggle.click();
    await menu.getByRole('link', { name: 'Coaching' }).click();
    await expect(page).toHaveURL('/coaching');
    await expect(menu).toBeHidden();
  });
});

test.describe('footer', () => {
  test('product links, Segera badges, company names without dead links and the copyright', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');

    await expect(footer.getByRole('link', { name: 'Kalender Lari' })).toHaveAttribute('href', '/calendar');
    await expect(footer.getByRole('link', { name: 'Daftar Event' })).toHaveAttribute('href', '/registration');
    await expect(footer.getByRole('link', { name: 'Pelatih Lari' })).toHaveAttribute('href', '/coaching');

    const soon = (label: string) => footer.getByRole('listitem').filter({ hasText: label });
    for (const label of ['Daftar Event', 'Dokumentasi Kegiatan', 'Toko Lari']) {
      await expect(soon(label)).toContainText('Segera');
    }
    await expect(soon('Kalender Lari')).not.toContainText('Segera');
    await expect(footer.getByText('Segera', { exact: true })).toHaveCount(3);

    for (const label of ['Dokumentasi Kegiatan', 'Toko Lari', 'Tentang Kami', 'Karir', 'Publikasi', 'Kontak', 'Blog', 'Newsletter']) {
      await expect(footer.getByText(label, { exact: true })).toBeVisible();
      await expect(footer.getByRole('link', { name: label })).toHaveCount(0);
    }
    await expect(footer.locator('a[href="#"]')).toHaveCount(0);

    await expect(footer).toContainText(`© ${new Date().getFullYear()} PT Derap Lari Indonesia`);
  });

  test('footer links navigate without a reload and scroll to the top', async ({ page }) => {
    await page.goto('/');
    await markDocument(page);
    await expect(page.getByRole('contentinfo')).toBeVisible();
    // scroll inside the poll: the lazily loaded page may still be growing on the first try
    await expect
      .poll(() =>
        page.evaluate(() => {
          window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
          return window.scrollY;
        }),
      )
      .toBeGreaterThan(500);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Pelatih Lari' }).click();
    await expect(page).toHaveURL('/coaching');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expectSameDocument(page);
  });

  test('Terms and Privacy open in modals and close with Escape', { tag: '@layout' }, async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');

    await footer.getByRole('button', { name: 'Syarat & Ketentuan' }).click();
    const terms = page.getByRole('dialog', { name: 'Syarat & Ketentuan' });
    await expect(terms).toBeVisible();
    await expect(terms).toContainText('Agustus 2025');
    await expect(terms).toContainText('PT Derap Lari Indonesia');
    await expect(terms).toContainText('perjanjian terpisah antara pelari dan pelatih');
    await expect(terms).toContainText('tidak dapat dikembalikan');
    await expect(terms).toContainText('akhir periode yang telah dibayar');
    await expect(terms).toContainText('Pengadilan Negeri Jakarta Selatan');
    await expectNoHorizontalOverflow(page);
    await page.keyboard.press('Escape');
    await expect(terms).toBeHidden();

    await footer.getByRole('button', { name: 'Kebijakan Privasi' }).click();
    const privacy = page.getByRole('dialog', { name: 'Kebijakan Privasi' });
    await expect(privacy).toBeVisible();
    await expect(privacy).toContainText('Agustus 2025');
    await expect(privacy).toContainText('UU No. 27 Tahun 2022');
    await expect(privacy).toContainText('tidak pernah menjual data pribadi');
    await expect(privacy).toContainText('hanya dibagikan kepada pelatih yang paketnya Anda beli');
    for (const item of ['alamat IP', 'riwayat cedera', 'sertifikasi', 'rata-rata detak jantung', 'jenis kelamin']) {
      await expect(privacy).toContainText(item);
    }
    await page.keyboard.press('Escape');
    await expect(privacy).toBeHidden();
  });
});

test.describe('home page', () => {
  test('has the hero, every section and the feature links', { tag: '@layout' }, async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Derap/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const hero = page.locator('section').first();
    await expect(hero.getByRole('link', { name: 'Mulai Latihan Gratis' })).toHaveAttribute('href', '/coaching');
    await expect(hero.getByRole('link', { name: 'Lihat Cara Kerjanya' })).toHaveAttribute('href', '#how-it-works');

    for (const id of ['ai-coach', 'testimonials', 'services', 'how-it-works', 'cta']) {
      await expect(page.locator(`section#${id}`)).toHaveCount(1);
    }

    const features = page.getByRole('region', { name: 'Fitur utama' });
    for (const href of ['/coaching', '/calendar', '/buddy']) {
      await expect(features.locator(`a[href="${href}"]`)).toHaveCount(1);
    }

    await expect(page.locator('#testimonials figure')).toHaveCount(2);
    const services = page.locator('#services');
    for (const name of ['AI Coach', 'Marketplace Pelatih Terverifikasi', 'Pendaftaran Event Lari', 'Running Buddy']) {
      await expect(services.getByRole('heading', { name })).toBeVisible();
    }
    await expect(services.getByRole('listitem').filter({ hasText: 'Marketplace Pelatih' })).toContainText('Akan Datang');

    await hero.getByRole('link', { name: 'Lihat Cara Kerjanya' }).click();
    await expect(page).toHaveURL('/#how-it-works');
    await expect(page.locator('#how-it-works')).toBeInViewport();
    await expectNoHorizontalOverflow(page);
  });

  test('an unknown path shows the home page', async ({ page }) => {
    await page.goto('/halaman-yang-tidak-ada');
    await expect(page.locator('#ai-coach')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Dari pelari');
  });
});

test.describe('coaching page', () => {
  test('sets its title and meta, and shows every section', { tag: '@layout' }, async ({ page }) => {
    await page.goto('/coaching');
    await expect(page).toHaveTitle(/Coaching/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /AI Coach/);
    for (const id of ['ai-coach-deep-dive', 'certified-coach-deep-dive', 'pricing-section']) {
      await expect(page.locator(`#${id}`)).toHaveCount(1);
    }
    await expect(page.locator('a[href="#ai-coach-deep-dive"]')).toBeVisible();
    await expect(page.locator('a[href="#certified-coach-deep-dive"]')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pelatih Unggulan' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Tiga langkah menuju lari yang lebih baik' })).toBeVisible();
    await expectNoHorizontalOverflow(page);

    // Leaving the page puts the home title back.
    await page.getByRole('banner').getByRole('link', { name: /Derap/ }).click();
    await expect(page).toHaveTitle('Derap — Dari Pelari, Untuk Pelari');
  });

  test('the billing toggle switches between Tahunan (default) and Bulanan prices', async ({ page }) => {
    await page.goto('/coaching');
    const pricing = page.locator('#pricing-section');
    const annual = pricing.getByRole('radio', { name: /Tahunan/ });
    const monthly = pricing.getByRole('radio', { name: /Bulanan/ });
    const price = pricing.getByTestId('premium-price');

    await expect(annual).toBeChecked();
    await expect(price).toHaveText('Rp83.333');
    await expect(pricing).toContainText('Diskon 16%');
    await expect(pricing).toContainText('Ditagih Rp1.000.000 per tahun');
    await expect(pricing).toContainText('Rp0');
    await expect(pricing).toContainText('mulai dari Rp300.000');
    await expect(pricing.getByRole('button', { name: 'Akan Datang!' })).toBeDisabled();
    for (const feature of ['Program latihan AI tanpa batas', 'Sinkronisasi otomatis dengan Strava', 'Integrasi Google Calendar']) {
      await expect(pricing).toContainText(feature);
    }

    await monthly.check();
    await expect(monthly).toBeChecked();
    await expect(price).toHaveText('Rp100.000');
    await expect(pricing).toContainText('Ditagih bulanan');

    // Arrow keys move within the radio group.
    await monthly.focus();
    await page.keyboard.press('ArrowRight');
    await expect(annual).toBeChecked();
    await expect(price).toHaveText('Rp83.333');
  });

  test('the FAQ is an accordion', async ({ page }) => {
    await page.goto('/coaching');
    const question = page.getByRole('button', { name: 'Bagaimana pelatih diverifikasi?' });
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('region', { name: 'Bagaimana pelatih diverifikasi?' })).toContainText('identitas dan sertifikat');
    for (const q of ['Apa bedanya AI Coach', 'Bisakah saya beralih', 'Apakah data saya aman?']) {
      await expect(page.getByRole('button', { name: new RegExp(q) })).toBeVisible();
    }
  });

  test('a pricing button sends a signed-out visitor to /login', async ({ page }) => {
    await page.goto('/coaching');
    await expect(page).toHaveURL('/coaching'); // a public page never bounces to /login by itself
    await page.locator('#pricing-section').getByRole('link', { name: 'Pilih Premium' }).click();
    await expect(page).toHaveURL('/login');
  });

  test('a pricing button sends a signed-in runner to /dashboard#calendar', async ({ page, loginAs }) => {
    await loginAs({ prefix: 'harga', name: 'Pelari Harga' });
    await page.goto('/coaching');
    const start = page.locator('#pricing-section').getByRole('link', { name: 'Mulai Gratis' });
    await expect(start).toHaveAttribute('href', '/dashboard#calendar');
    await start.click();
    await expect(page).toHaveURL(/\/dashboard/);
  });

  test('a stored bearer token also counts as signed in', async ({ page, loginAs }) => {
    const { token } = await loginAs({ prefix: 'token', name: 'Pelari Token' });
    await page.context().clearCookies();
    await page.goto('/coaching');
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    await page.reload();
    await expect(page.locator('#pricing-section').getByRole('link', { name: 'Pilih Premium' })).toHaveAttribute(
      'href',
      '/dashboard#calendar',
    );
  });
});

test('pages have no horizontal overflow', { tag: '@layout' }, async ({ page }) => {
  for (const path of ['/', '/coaching']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    if (isPhone(page)) {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    }
  }
});

test('an anonymous visitor causes no error in the console: no 401, no blocked script (CSP)', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page: ${err.message}`));
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`${res.status()} ${res.url()}`);
  });
  for (const path of ['/', '/coaching', '/registration', '/register/jakarta-sunrise-run-2027', '/login']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(problems).toEqual([]);
  // The policy really is in force on the page (so the check above means something).
  const csp = (await page.request.get('/')).headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
});
